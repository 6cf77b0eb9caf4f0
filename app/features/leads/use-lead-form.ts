/**
 * The state and submission shared by the three lead forms (the quote and call modals, the contact
 * page): react-hook-form checking with the form's schema on submit then on every change, the
 * first invalid field brought into view, the honeypot and the fill time against spam (timed from
 * the form's display, and again after each success), one idempotency key per submission
 * (newSubmission), and the outcome: the success toast and an emptied form, or the server's field
 * messages under their fields and the error toast. Every lead carries the tab's visit (where the
 * visitor came from, the pages seen: app/lib/audience/visit.ts), read when it is sent.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ContactRequest } from '#common/schemas/leads.ts';
import { fieldProps, useFocusFirstInvalid } from '~/components/form-fields';
import { applyFieldErrors } from '~/lib/api';
import { currentVisit } from '~/lib/audience/visit';
import { type ToastOptions, toast } from '~/lib/toast';
import { draftResolver, emptyDraft, type FormDraft } from './form-fields';
import {
  type LeadSubmitResult,
  leadField,
  newSubmission,
  toastSubmitError,
  useSubmitLead,
} from './use-submit-lead';

/** A request body without what the form adds itself: the honeypot, the fill time and the visit. */
type LeadAnswers = ContactRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'website' | 'elapsedMs' | 'visit'>
    : never
  : never;

type SendOptions = {
  /**
   * The toast of a success (or of a submission kept offline, which the offline toast then replaces),
   * or what makes it from the server's answer (a call request says whether its time can be picked now).
   */
  success: ToastOptions | ((result: LeadSubmitResult) => ToastOptions);
  /** Body names that are other names on the form (leadField). */
  rename?: Partial<Record<string, string>>;
  /** After a success, once the form is emptied: the server's answer, or `{ queued: true }` offline. */
  onSent: (result: LeadSubmitResult) => void;
};

/** An empty optional answer, left out of the request rather than sent as "". */
export const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

type ContactValues = { fullName: string; email: string; phone?: string; company?: string };

/**
 * The contact fields of a request body, from the form's checked values: the phone and the company
 * trimmed, and sent even when empty, as the specification's payload has them (docs/product.md
 * §3.2; the quote requires both, and the server stores "" as none).
 */
export function contactAnswers({ fullName, email, phone, company }: ContactValues) {
  return { fullName, email, phone: phone?.trim() ?? '', company: company?.trim() ?? '' };
}

export function useLeadForm<S extends z.ZodObject>(schema: S, defaults: Partial<FormDraft<S>> = {}) {
  // The form starts empty and is emptied again after each success.
  const [empty] = useState(() => emptyDraft(schema));
  const openedAt = useRef(0);
  useEffect(() => {
    openedAt.current = Date.now();
  }, []);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmitLead();
  const form = useForm({
    resolver: draftResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // useFocusFirstInvalid brings the field into view with its label, then focuses it.
    shouldFocusError: false,
    defaultValues: { ...empty, ...defaults } as never,
  });
  useFocusFirstInvalid(formRef, form.formState.submitCount);

  const send = (answers: LeadAnswers, { success, rename, onSent }: SendOptions) => {
    const submission = newSubmission({
      ...answers,
      website: honeypot.current?.value ?? '',
      elapsedMs: Date.now() - openedAt.current,
      visit: currentVisit(),
    });
    submit.mutate(submission, {
      onSuccess: (result) => {
        toast(typeof success === 'function' ? success(result) : success);
        form.reset(empty);
        onSent(result);
        if (honeypot.current) honeypot.current.value = '';
        // The next submission is timed from now.
        openedAt.current = Date.now();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, Object.keys(empty), leadField(rename));
        toastSubmitError(error);
      },
    });
  };

  return {
    form,
    register: form.register,
    /** A registered field's props: its registration and error message (fieldProps). */
    field: fieldProps(form.register, form.formState.errors),
    control: form.control,
    handleSubmit: form.handleSubmit,
    errors: form.formState.errors,
    formRef,
    honeypot,
    pending: submit.isPending,
    send,
  };
}

export type LeadForm = ReturnType<typeof useLeadForm>;
