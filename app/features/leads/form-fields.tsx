/**
 * What only the lead forms share: their draft type and resolver, the service choices of docs/product.md §7.2,
 * the contact fields every lead asks for, the service select and the honeypot. The controls
 * themselves are app/components/form-fields.tsx.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useId } from 'react';
import { type FieldValues, type Resolver, type UseFormRegisterReturn, useController } from 'react-hook-form';
import type { z } from 'zod';
import type { PublicService } from '#common/api-types.ts';
import { PHONE_PLACEHOLDER, PREFETCH_SERVICES_STALE } from '#common/constants.ts';
import { type ControlledFieldProps, SelectField, TextField } from '~/components/form-fields';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * What a form holds while it is being filled in: every field a string, empty at first (a select
 * shows 'Sélectionnez…'); the schema turns it into its typed output on submit. `source` is not a
 * field: the schema's default supplies it.
 */
export type FormDraft<S extends z.ZodType> = { [K in Exclude<keyof z.input<S>, 'source'>]-?: string };

/** A form's empty draft: every field of its schema, in the schema's order, as "" (FormDraft). */
export function emptyDraft<S extends z.ZodObject>(schema: S): FormDraft<S> {
  const fields = Object.keys(schema.shape).filter((name) => name !== 'source');
  return Object.fromEntries(fields.map((name) => [name, ''])) as FormDraft<S>;
}

export function draftResolver<S extends z.ZodType<object, object>>(schema: S) {
  return zodResolver(schema as never) as unknown as Resolver<FormDraft<S>, unknown, z.output<S>>;
}

export const SERVICES_QUERY_KEY = ['/api/services'] as const;

/**
 * The service choices of docs/product.md §7.2: active services sorted by order, then the fixed `extra` option
 * ('Autre' or 'Conseil général'). A preselected service missing from the list (still loading,
 * or since withdrawn) is kept as a choice, so the preselection is always what is shown.
 * A form the server rendered (the contact page's island) hydrates with the server's choices, which
 * has no list: the list the tab may already hold (startup-prefetch.ts) comes in the next render,
 * instead of a hydration mismatch (React error #418).
 */
export function useServiceOptions(extra: string, preselected?: string): string[] {
  const hydrated = useHydrated();
  const { data } = useQuery<PublicService[]>({
    queryKey: SERVICES_QUERY_KEY,
    staleTime: PREFETCH_SERVICES_STALE,
  });
  const titles = (hydrated ? (data ?? []) : [])
    .filter((service) => service.isActive)
    .sort((a, b) => a.order - b.order)
    .map((service) => service.title);
  const options = [...new Set([...titles, extra])];
  if (preselected && !options.includes(preselected)) options.unshift(preselected);
  return options;
}

/**
 * The honeypot: a field people never see nor reach with Tab, that form-filling bots do fill in.
 * Kept off-screen rather than display:none, which some bots detect.
 */
export function Honeypot({ ref }: { ref: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>Ne pas remplir ce champ</label>
      <input ref={ref} id={id} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

type ContactKey = 'fullName' | 'email' | 'phone' | 'company';

/**
 * Who the lead is: name, email, phone and company, in this order, with the same labels and
 * autocomplete hints on every form. The quote requires the phone and the company; the call and
 * contact forms mark them optional.
 */
export function ContactFields({
  field,
  phoneAndCompanyOptional = false,
}: {
  /** The form's fieldProps. */
  field: (name: ContactKey) => UseFormRegisterReturn & { error?: string };
  phoneAndCompanyOptional?: boolean;
}) {
  return (
    <>
      <TextField label="Nom complet" autoComplete="name" {...field('fullName')} />
      <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Téléphone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={PHONE_PLACEHOLDER}
        optional={phoneAndCompanyOptional}
        {...field('phone')}
      />
      <TextField
        label="Entreprise"
        autoComplete="organization"
        optional={phoneAndCompanyOptional}
        {...field('company')}
      />
    </>
  );
}

/**
 * The service a lead is about, from useServiceOptions. Controlled (useController), so that an
 * option arriving late (services load after opening) never desynchronises what is shown.
 */
export function ServiceSelect<T extends FieldValues, TTransformed>({
  control,
  name,
  label,
  options,
  className,
}: Omit<ControlledFieldProps<T, TTransformed>, 'error'> & {
  options: readonly string[];
  className?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <SelectField
      label={label}
      options={options}
      error={fieldState.error?.message}
      className={className}
      {...field}
    />
  );
}
