/**
 * Small controls of the ordered content lists (services, team; issue 7): the visibility switch,
 * the move buttons, the red button of destructive confirmations and a checkbox field.
 */
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';

/** On/off switch (role="switch"), labelled for screen readers with what it shows or hides. */
export function VisibilitySwitch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** e.g. 'Afficher « SEO » sur le site'. */
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors',
          checked ? 'bg-brand-700' : 'bg-gray-300',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform',
            checked && 'translate-x-5',
          )}
        />
      </span>
      {/* On a phone the row's badge says it already; the room goes to the other buttons. */}
      <span aria-hidden="true" className="hidden sm:inline">
        {checked ? 'Visible' : 'Masqué'}
      </span>
    </button>
  );
}

/** Up and down buttons; `name` goes into their accessible names ('Monter « SEO »'). */
export function MoveButtons({
  name,
  canUp,
  canDown,
  onMove,
  disabled,
}: {
  name: string;
  canUp: boolean;
  canDown: boolean;
  onMove: (direction: 'up' | 'down') => void;
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Monter « ${name} »`}
        disabled={disabled || !canUp}
        onClick={() => onMove('up')}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Descendre « ${name} »`}
        disabled={disabled || !canDown}
        onClick={() => onMove('down')}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </Button>
    </span>
  );
}

/** A labelled checkbox with an optional hint, for react-hook-form's register(). */
export function CheckboxField({
  label,
  hint,
  ...props
}: { label: string; hint?: string } & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        {...props}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-gray-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
