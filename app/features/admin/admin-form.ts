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
