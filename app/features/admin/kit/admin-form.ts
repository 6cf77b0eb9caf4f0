/**
 * The back-office forms' habits: checked on submit with the API's own schema, then again on every
 * change; a refused save puts the server's field messages under their fields, anything else in a
 * toast (reportFormError).
 */
import { useMutation } from '@tanstack/react-query';
import type { BaseSyntheticEvent } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { reportFormError } from '~/lib/api';
import type { AdminMutation } from '../data/admin-data';

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

type FormWriteOptions<TData> = {
  /** The title of the toast of a failure that no field explains. */
  failure: string;
  onSuccess: (data: TData) => void;
};

/** What the form's markup takes: the submit handler, and whether the write is running. */
export type FormWrite = { pending: boolean; onSubmit: (event?: BaseSyntheticEvent) => Promise<void> };

/**
 * The submit of a form that one write saves (an account, a figure, a passkey's name, one's
 * password): `onSubmit` checks the form and sends its values to `mutation`, or what `variables`
 * builds from them; the server's messages land under the form's fields (those of its default
 * values, as in saveItem), anything else in a toast titled `failure`.
 */
export function useFormWrite<TDraft extends FieldValues, TOutput extends TVariables, TData, TVariables>(
  form: UseFormReturn<TDraft, unknown, TOutput>,
  mutation: AdminMutation<TData, TVariables>,
  options: FormWriteOptions<TData>,
): FormWrite;
export function useFormWrite<TDraft extends FieldValues, TOutput, TData, TVariables>(
  form: UseFormReturn<TDraft, unknown, TOutput>,
  mutation: AdminMutation<TData, TVariables>,
  options: FormWriteOptions<TData> & { variables: (values: TOutput) => TVariables },
): FormWrite;
export function useFormWrite<TDraft extends FieldValues, TOutput, TData, TVariables>(
  form: UseFormReturn<TDraft, unknown, TOutput>,
  mutation: AdminMutation<TData, TVariables>,
  {
    failure,
    onSuccess,
    // Without `variables` the values are the request: the first signature checks that they fit.
    variables = (values) => values as unknown as TVariables,
  }: FormWriteOptions<TData> & { variables?: (values: TOutput) => TVariables },
): FormWrite {
  const write = useMutation(
    mutation({
      onSuccess,
      onError: reportOn(form, Object.keys(form.formState.defaultValues ?? {}), { title: failure }),
    }),
  );
  return {
    pending: write.isPending,
    onSubmit: form.handleSubmit((values) => write.mutate(variables(values))),
  };
}
