/**
 * The back-office forms' habits: checked on submit with the API's own schema, then again on every
 * change; a refused save puts the server's field messages under their fields, anything else in a
 * toast (reportFormError).
 */
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { reportFormError } from '~/lib/api';

export function useAdminForm<TDraft extends FieldValues, TOutput = TDraft>(
  resolver: Resolver<TDraft, unknown, TOutput>,
  defaultValues: DefaultValues<TDraft>,
) {
  return useForm<TDraft, unknown, TOutput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
}

/** The onError of a form's save: reportFormError on these fields. */
export const reportOn =
  <TDraft extends FieldValues>(
    form: { setError: UseFormSetError<TDraft> },
    fields: readonly string[],
    options?: Parameters<typeof reportFormError>[3],
  ) =>
  (error: unknown) =>
    reportFormError(error, form.setError, fields, options);

/**
 * The submit of an item's form in a dialog (a service, a team member): save it, new when `id` is
 * null, and close; or put the server's messages under the form's fields (those of its default
 * values), a nested key ('skills.2') under the field it starts with, and anything else in a toast
 * saying `fallback`.
 */
export function saveItem<TValues, TDraft extends FieldValues>(
  save: {
    mutate: (
      variables: { id: string | null; values: TValues },
      callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
    ) => void;
  },
  id: string | null,
  values: TValues,
  {
    form,
    fallback,
    onSaved,
  }: {
    form: { setError: UseFormSetError<TDraft>; formState: { defaultValues?: object } };
    fallback: string;
    onSaved: () => void;
  },
) {
  const fields = Object.keys(form.formState.defaultValues ?? {});
  save.mutate(
    { id, values },
    {
      onSuccess: onSaved,
      onError: reportOn(form, fields, { fallback, toField: (key) => key.split('.')[0] }),
    },
  );
}
