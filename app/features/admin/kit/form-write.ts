/**
 * A form that one write saves (an account, a figure, a passkey's name, one's password): the
 * submit that sends its checked values, and how a refusal reaches the staff.
 */
import { useMutation } from '@tanstack/react-query';
import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { reportFormError } from '~/lib/api';
import type { AdminMutation } from '../data/admin-data';

type FormWriteOptions<TData> = {
  /** The title of the toast of a failure that no field explains. */
  failure: string;
  onSuccess: (data: TData) => void;
};

/** What the form's markup takes: the submit handler, and whether the write is running. */
export type FormWrite = { pending: boolean; onSubmit: (event?: BaseSyntheticEvent) => Promise<void> };

/**
 * `onSubmit` checks the form and sends its values to `mutation`, or what `variables` builds from
 * them; the server's messages land under the form's fields (those of its default values, as in
 * saveItem), anything else in a toast titled `failure`.
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
      onError: (error) =>
        reportFormError(error, form.setError, Object.keys(form.formState.defaultValues ?? {}), {
          title: failure,
        }),
    }),
  );
  return {
    pending: write.isPending,
    onSubmit: form.handleSubmit((values) => write.mutate(variables(values))),
  };
}
