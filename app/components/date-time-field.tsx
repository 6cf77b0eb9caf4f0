/**
 * The date and date-time fields of every form: typed in French (jj/mm/aaaa, 24-hour hh:mm)
 * whatever the browser's language, with a French calendar beside the date. A browser's own date
 * input follows its language (mm/dd/yyyy, AM/PM in an English browser), hence text inputs.
 *
 * The value is what the forms send: YYYY-MM-DD for a day, YYYY-MM-DDTHH:MM (HH:MM:SS when seconds
 * were typed) for a day and time, '' when empty. Text that is not (yet) a date is passed on as
 * it is, which no form's check accepts; the field says in French how to write it once the person
 * leaves it, or when the form reports an error. A text understood is written back in its French
 * form once left (04122026, typed on a keypad without "/", shows 04/12/2026; 1430 shows 14:30).
 */
import CalendarDays from 'lucide-react/icons/calendar-days';
import { type KeyboardEvent, lazy, type ReactNode, type Ref, Suspense, useId, useRef, useState } from 'react';
import { kinshasaDate } from '#common/kinshasa.ts';
import { cn } from '~/lib/cn';
import {
  DATE_FORMAT_MESSAGE,
  formatFrenchDate,
  formatFrenchTime,
  parseFrenchDate,
  parseFrenchTime,
  splitDateTime,
  TIME_FORMAT_MESSAGE,
  tidyFrenchDate,
  tidyFrenchTime,
} from '~/lib/french-date';

const loadCalendar = () => import('./calendar-popover');
const CalendarPopover = lazy(loadCalendar);

const inputClass = (invalid: boolean) =>
  cn(
    // 16 px text: smaller makes iOS zoom into the field.
    'block h-11 w-full min-w-0 rounded-lg border bg-white px-3 text-base text-gray-900 tabular-nums placeholder:text-gray-500',
    'focus:outline-2 focus:outline-offset-0',
    invalid
      ? 'border-red-600 focus:outline-red-600/30'
      : 'border-gray-300 focus:border-brand-700 focus:outline-brand-700/30',
  );

/**
 * Typed text kept apart from the value it gives: the text is rewritten from the value only when
 * the value changes from outside (the calendar, a reset, a filter cleared) to something else than
 * what the text last gave, never while the person types; and a form that keeps only complete
 * values (a list's filter) leaves the text being typed alone.
 */
function useTypedText<Text>(value: string, show: (value: string) => Text) {
  const [text, setText] = useState(() => show(value));
  const [seen, setSeen] = useState({ value, given: value });
  if (value !== seen.value) {
    setSeen({ value, given: seen.given });
    if (value !== seen.given) setText(show(value));
  }
  return {
    text,
    type: (next: Text, given: string) => {
      setText(next);
      setSeen((was) => ({ ...was, given }));
    },
  };
}

type DayInputProps = {
  id: string;
  /** The typed text's input, for a form that focuses its first invalid field. */
  inputRef?: Ref<HTMLInputElement>;
  /** The field's label, which names the calendar and its button. */
  label: string;
  text: string;
  onText: (text: string) => void;
  /** The day the calendar gives, YYYY-MM-DD. */
  onPick: (day: string) => void;
  onBlur: () => void;
  min?: string;
  max?: string;
  invalid: boolean;
  describedBy?: string;
  required?: boolean;
  className?: string;
  inputClassName?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
};

/** A day typed jj/mm/aaaa, with the button that opens the calendar inside the field's right end. */
function DayInput({
  id,
  inputRef,
  label,
  text,
  onText,
  onPick,
  onBlur,
  min,
  max,
  invalid,
  describedBy,
  required,
  className,
  inputClassName,
  onKeyDown,
}: DayInputProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div ref={anchor} className={cn('relative min-w-0', className)}>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="jj/mm/aaaa"
        value={text}
        onChange={(event) => onText(event.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={cn(inputClass(invalid), 'pr-11', inputClassName)}
      />
      <button
        ref={opener}
        type="button"
        aria-label={`Ouvrir le calendrier\u00a0: ${label}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadCalendar}
        onFocus={loadCalendar}
        onClick={() => setOpen((was) => !was)}
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-gray-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <CalendarDays className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CalendarPopover
            label={`Calendrier\u00a0: ${label}`}
            anchor={anchor}
            opener={opener}
            onClose={() => setOpen(false)}
            selected={parseFrenchDate(text)}
            today={kinshasaDate(new Date())}
            min={min}
            max={max}
            onSelect={onPick}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

type FieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's own error (a schema's, the server's); a malformed text's message comes first. */
  error?: string;
  optional?: boolean;
  className?: string;
};

function Message({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className="text-sm text-red-700">
      {children}
    </p>
  ) : null;
}

/** A day: YYYY-MM-DD or ''. */
export function DateField({
  label,
  value,
  onChange,
  error,
  optional,
  className,
  min,
  max,
  inline = false,
  required = false,
  labelClassName,
  inputClassName,
  describedBy,
  after,
  onKeyDown,
  onBlur,
  ref,
}: FieldProps & {
  /** The input, for a form that focuses its first invalid field (react-hook-form's field.ref). */
  ref?: Ref<HTMLInputElement>;
  min?: string;
  max?: string;
  /** The label at the left of the field (the lists' filters), not above it. */
  inline?: boolean;
  /** Said to screen readers: the form cannot be sent without it. */
  required?: boolean;
  labelClassName?: string;
  inputClassName?: string;
  /** Another element describing the field (a message shared by two fields). */
  describedBy?: string;
  /** What stands beside the field on its row (an "add" button). */
  after?: ReactNode;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
}) {
  const id = useId();
  const typed = useTypedText(value, formatFrenchDate);
  // Once the field is left, a malformed text is said so.
  const [left, setLeft] = useState(false);
  const malformed = typed.text.trim() !== '' && parseFrenchDate(typed.text) === null;
  const message = malformed && (left || error) ? DATE_FORMAT_MESSAGE : error;
  const messageId = `${id}-error`;
  const type = (text: string) => {
    const given = text.trim() === '' ? '' : (parseFrenchDate(text) ?? text);
    typed.type(text, given);
    onChange(given);
  };
  return (
    <div
      data-field
      className={cn(
        'flex min-w-0 scroll-mt-[var(--field-scroll-margin,5rem)]',
        inline ? 'flex-wrap items-center gap-x-2 gap-y-1' : 'flex-col gap-1.5',
        className,
      )}
    >
      <label htmlFor={id} className={cn('shrink-0 text-sm font-medium text-gray-900', labelClassName)}>
        {label}
        {optional ? <span className="font-normal text-gray-600"> (facultatif)</span> : null}
      </label>
      <div className={cn('flex min-w-0 gap-2', inline ? 'flex-1' : 'flex-wrap')}>
        <DayInput
          id={id}
          inputRef={ref}
          label={label}
          text={typed.text}
          onText={type}
          onPick={(day) => {
            typed.type(formatFrenchDate(day), day);
            onChange(day);
          }}
          onBlur={() => {
            setLeft(true);
            // Understood: shown as it was understood (the value is already its own).
            const tidy = tidyFrenchDate(typed.text);
            if (tidy !== typed.text) typed.type(tidy, value);
            onBlur?.();
          }}
          min={min}
          max={max}
          invalid={Boolean(message)}
          describedBy={cn(message && messageId, describedBy) || undefined}
          required={required}
          className={after ? 'min-w-40 flex-1 sm:max-w-56' : 'w-full'}
          inputClassName={inputClassName}
          onKeyDown={onKeyDown}
        />
        {after}
      </div>
      <Message id={messageId}>{message}</Message>
    </div>
  );
}

/**
 * A day and a time of day, typed side by side under one legend; the value is
 * YYYY-MM-DDTHH:MM[:SS] (the forms read it in Kinshasa time) or ''.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
  className,
  min,
}: FieldProps & { min?: string }) {
  const id = useId();
  const typed = useTypedText(value, showDateTime);
  const { day, time } = typed.text;
  // Each part is checked once left; the time's message waits for the time to be left too.
  const [left, setLeft] = useState({ day: false, time: false });
  const badDay = day.trim() !== '' && parseFrenchDate(day) === null;
  const badTime = time.trim() !== '' && parseFrenchTime(time) === null;
  const dayMessage = badDay && (left.day || error) ? DATE_FORMAT_MESSAGE : undefined;
  const timeMessage = badTime && (left.time || error) ? TIME_FORMAT_MESSAGE : undefined;
  const message = dayMessage ?? timeMessage ?? (badDay || badTime ? undefined : error);
  const messageId = `${id}-error`;
  const type = (next: { day: string; time: string }) => {
    const d = parseFrenchDate(next.day);
    const t = parseFrenchTime(next.time);
    const blank = next.day.trim() === '' && next.time.trim() === '';
    // Not a day and time yet: the typed text, in a form no check takes for one.
    const given = d && t ? `${d}T${t}` : blank ? '' : `${next.day}|${next.time}`;
    typed.type(next, given);
    onChange(given);
  };
  return (
    <fieldset
      data-field
      className={cn('flex min-w-0 scroll-mt-[var(--field-scroll-margin,5rem)] flex-col gap-1.5', className)}
    >
      <legend className="mb-1.5 text-sm font-medium text-gray-900">{label}</legend>
      <div className="flex min-w-0 gap-2">
        <Part id={`${id}-day`} label="Date" className="flex min-w-0 flex-1 flex-col gap-1">
          <DayInput
            id={`${id}-day`}
            label={label}
            text={day}
            onText={(text) => type({ day: text, time })}
            onPick={(picked) => type({ day: formatFrenchDate(picked), time })}
            onBlur={() => {
              setLeft((was) => ({ ...was, day: true }));
              const tidy = tidyFrenchDate(day);
              if (tidy !== day) typed.type({ day: tidy, time }, value);
            }}
            min={min}
            invalid={Boolean(dayMessage) || (!badDay && !badTime && Boolean(error))}
            describedBy={message ? messageId : undefined}
            required
          />
        </Part>
        <Part id={`${id}-time`} label="Heure" className="flex w-24 shrink-0 flex-col gap-1">
          <input
            id={`${id}-time`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="hh:mm"
            value={time}
            onChange={(event) => type({ day, time: event.target.value })}
            onBlur={() => {
              setLeft((was) => ({ ...was, time: true }));
              const tidy = tidyFrenchTime(time);
              if (tidy !== time) typed.type({ day, time: tidy }, value);
            }}
            aria-invalid={Boolean(timeMessage) || undefined}
            aria-describedby={message ? messageId : undefined}
            aria-required
            className={inputClass(Boolean(timeMessage))}
          />
        </Part>
      </div>
      <Message id={messageId}>{message}</Message>
    </fieldset>
  );
}

/** A part of a day and time (its date, its time): its own small label, then its control. */
function Part({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-xs text-gray-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The two texts a day-and-time value is shown as (both empty for '' or a malformed value). */
function showDateTime(value: string): { day: string; time: string } {
  const parts = splitDateTime(value);
  return parts
    ? { day: formatFrenchDate(parts.day), time: formatFrenchTime(parts.time) }
    : { day: '', time: '' };
}
