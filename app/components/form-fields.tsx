/**
 * Form controls for every form of the site and the back-office: each one has a visible label,
 * and its error message below it in red, linked by aria-describedby so a screen reader reads it
 * with the field. Ids come from useId: two forms may be on screen together.
 */
import ChevronDown from 'lucide-react/icons/chevron-down';
import Loader2 from 'lucide-react/icons/loader-circle';
import { type ComponentProps, type ReactNode, type RefObject, useEffect, useId } from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type FieldError as FormFieldError,
  get,
  type RegisterOptions,
  type UseFormRegister,
} from 'react-hook-form';
import { cn } from '~/lib/cn';

/** A text field's or a select's box, red while invalid: every form control of the site and the back-office. */
export const controlClass = (invalid: boolean) =>
  cn(
    // 16 px text: smaller makes iOS zoom into the field.
    'block w-full min-w-0 rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 placeholder:text-gray-500',
    'focus:outline-2 focus:outline-offset-0 disabled:cursor-not-allowed disabled:bg-gray-50',
    // An invalid field stays red while it has the focus.
    invalid
      ? 'border-red-600 focus:outline-red-600/30'
      : 'border-gray-300 focus:border-brand-700 focus:outline-brand-700/30',
  );

type Common = { label: string; error?: string; optional?: boolean; className?: string };

/** A control's own props beside Common: its id and class are the field's. */
type ControlProps<E extends 'input' | 'textarea' | 'select'> = Omit<ComponentProps<E>, 'id' | 'className'>;

/**
 * A field: its label, its control, drawn by `children` with the attributes that tie it to the
 * label and to the error message (a11y), then that message.
 */
function FieldFrame({
  label,
  error,
  optional,
  className,
  children,
}: Common & { children: (control: ReturnType<typeof a11y>) => ReactNode }) {
  const id = useId();
  return (
    // scroll-margin: brought into view on an invalid submit, the label stays clear of the sticky
    // header (a modal's scroll area sets a smaller --field-scroll-margin).
    <div
      data-field
      className={cn('flex min-w-0 scroll-mt-[var(--field-scroll-margin,5rem)] flex-col gap-1.5', className)}
    >
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        {label}
        {optional ? <span className="font-normal text-gray-600"> (facultatif)</span> : null}
      </label>
      {children(a11y(id, error, optional))}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error message, under it, named by its control's aria-describedby (`${id}-error`). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** The attributes that tie a control to its label and error message. */
function a11y(id: string, error: string | undefined, optional: boolean | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': optional ? undefined : true,
  } as const;
}

/**
 * The props of a field registered with react-hook-form: its registration and its error message
 * (a nested path such as 'results.2.label' too), spread onto a TextField, TextAreaField or
 * SelectField: `const field = fieldProps(register, errors)`, then `<TextField {...field('title')} />`.
 */
export function fieldProps<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    ...register(name, options),
    error: get<FieldErrors<T>, FormFieldError | undefined>(errors, name)?.message,
  });
}

/** What a field drawn through react-hook-form's Controller is given: where its value lives, its label, its error. */
export type ControlledFieldProps<T extends FieldValues, TTransformed> = {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
  label: string;
  error?: string;
};

export function TextField({ label, error, optional, className, ...props }: Common & ControlProps<'input'>) {
  return (
    <FieldFrame label={label} error={error} optional={optional} className={className}>
      {(control) => <input type="text" {...props} {...control} className={controlClass(!!error)} />}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  optional,
  className,
  ...props
}: Common & ControlProps<'textarea'>) {
  return (
    <FieldFrame label={label} error={error} optional={optional} className={className}>
      {(control) => (
        <textarea
          rows={4}
          {...props}
          {...control}
          className={cn(controlClass(!!error), 'min-h-28 resize-y')}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A native <select> (the phone's own picker is the easiest to use there). Selects with fixed
 * options are registered like text fields; the service selects go through a Controller, so an
 * option arriving late (services load after opening) never desynchronises what is shown.
 */
export function SelectField({
  label,
  error,
  optional,
  className,
  options,
  placeholder = 'Sélectionnez…',
  ...props
}: Common & {
  /** A string is its own value; `{ value, label }` shows the label (an id behind a name). */
  options: readonly (string | { value: string; label: string })[];
  /** The first, unselectable option while nothing is chosen; null for none (an option means "none"). */
  placeholder?: string | null;
} & Omit<ControlProps<'select'>, 'children' | 'placeholder'>) {
  return (
    <FieldFrame label={label} error={error} optional={optional} className={className}>
      {(control) => (
        <div className="relative">
          <select {...props} {...control} className={cn(controlClass(!!error), 'appearance-none pr-10')}>
            {placeholder === null ? null : (
              <option value="" disabled>
                {placeholder}
              </option>
            )}
            {options.map((option) => {
              const { value, label: text } =
                typeof option === 'string' ? { value: option, label: option } : option;
              return (
                <option key={value} value={value}>
                  {text}
                </option>
              );
            })}
          </select>
          <SelectChevron />
        </div>
      )}
    </FieldFrame>
  );
}

/** The chevron drawn over the right end of a native <select> (`appearance-none pr-10`) in a relative box. */
export function SelectChevron() {
  return (
    <ChevronDown
      className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-gray-600"
      aria-hidden="true"
    />
  );
}

/** A group of fields under a visible heading. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-base font-semibold text-gray-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The label of a submit button while its request is on its way. */
export function Sending() {
  return (
    <>
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      Envoi en cours...
    </>
  );
}

/**
 * After a submit with errors, brings the first invalid field (in the order the visitor sees them)
 * into view with its label, below the sticky header or inside a modal's scroll area, and gives
 * it the focus. react-hook-form's own focus (shouldFocusError: false in the forms) only scrolls
 * the control itself, leaving its label hidden under the header.
 */
export function focusFirstInvalid(form: HTMLElement | null): boolean {
  const control = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!control) return false;
  const frame = control.closest<HTMLElement>('[data-field]') ?? control;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  frame.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  control.focus({ preventScroll: true });
  return true;
}

/** Runs focusFirstInvalid once the errors of each new submission are on screen. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, submitCount: number) {
  useEffect(() => {
    if (submitCount > 0) focusFirstInvalid(form.current);
  }, [form, submitCount]);
}
