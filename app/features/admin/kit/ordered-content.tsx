/**
 * The ordered content lists of the back-office (services, team; decision 014), shown in the public
 * site's order: the list, each row with its controls (move up and down, show or hide on the site,
 * edit, delete), and the order and visibility fields of their forms.
 */
import { useMutation } from '@tanstack/react-query';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import { type ComponentProps, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import { TextField } from '~/components/form-fields';
import { cn } from '~/lib/cn';
import type { AdminMutation } from '../data/admin-data';
import { DeleteIconButton, EditIconButton } from './buttons';
import { IconButton } from './icon-button';

/**
 * On/off switch (role="switch") showing an item on the site. Its visible label stays "Visible"
 * whatever its state (the switch itself and the row's "Masqué" badge say the state), and its
 * accessible name starts with it and names the item: 'Visible sur le site : « SEO »' (WCAG 2.5.3,
 * label in name).
 */
export function VisibilitySwitch({
  checked,
  onChange,
  name,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The item's name, e.g. 'SEO'. */
  name: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={`Visible sur le site : « ${name} »`}
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
        Visible
      </span>
    </button>
  );
}

const MOVES = [
  { direction: 'up', verb: 'Monter', Icon: ArrowUp },
  { direction: 'down', verb: 'Descendre', Icon: ArrowDown },
] as const;

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
  onMove: (direction: MoveDirection) => void;
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex">
      {MOVES.map(({ direction, verb, Icon }) => (
        <IconButton
          key={direction}
          label={`${verb} « ${name} »`}
          tooltip={verb}
          disabled={disabled || (direction === 'up' ? !canUp : !canDown)}
          onClick={() => onMove(direction)}
        >
          <Icon className="size-4" aria-hidden="true" />
        </IconButton>
      ))}
    </span>
  );
}

/**
 * A labelled checkbox or radio button with an optional hint under its label; `className` is the
 * box around them.
 */
export function ChoiceInput({
  type,
  label,
  hint,
  className,
  ...props
}: { type: 'checkbox' | 'radio'; label: string; hint?: string } & Omit<
  ComponentProps<'input'>,
  'type' | 'id'
>) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={id}
        type={type}
        {...props}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(
          'mt-0.5 size-5 shrink-0 accent-brand-700',
          type === 'checkbox' && 'rounded border-gray-300',
        )}
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

/** The order and visibility fields that end the service and member forms. */
export function OrderAndVisibilityFields({
  order,
  isActive,
  hint,
}: {
  /** The order field's registration and error (fieldProps). */
  order: UseFormRegisterReturn & { error?: string };
  isActive: UseFormRegisterReturn;
  /** What unticking "Visible sur le site" does. */
  hint: string;
}) {
  return (
    <>
      <TextField
        label="Ordre"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        className="max-w-40"
        {...order}
      />
      <ChoiceInput type="checkbox" label="Visible sur le site" hint={hint} {...isActive} />
    </>
  );
}

/** The list, in the site's order; `children` draws a row. */
export function OrderedList<T extends { id: string }>({
  items,
  label,
  busy,
  children,
}: {
  items: T[];
  label: string;
  busy: boolean;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-gray-100" aria-label={label} aria-busy={busy}>
      {items.map((item, index) => (
        <li key={item.id} className="py-3 first:pt-0 last:pb-0">
          {children(item, index)}
        </li>
      ))}
    </ul>
  );
}

/** The writes of a row, from orderedContentMutations. */
export type RowMutations<T, TMoved, TToggled> = {
  move: AdminMutation<TMoved, { item: T; direction: MoveDirection }>;
  toggle: AdminMutation<TToggled, { item: T; isActive: boolean }>;
};

/**
 * A row: what the item is (`children`), then its controls: move up and down (`first` and `last`
 * cannot), show or hide on the site, `extra` actions, edit and delete.
 */
export function OrderedRow<T extends { isActive: boolean }, TMoved, TToggled>({
  item,
  name,
  testId,
  first,
  last,
  mutations,
  extra,
  onEdit,
  onDelete,
  children,
}: {
  item: T;
  /** What the controls' accessible names call it. */
  name: string;
  testId: string;
  first: boolean;
  last: boolean;
  mutations: RowMutations<T, TMoved, TToggled>;
  extra?: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  const toggle = useMutation(mutations.toggle());
  const move = useMutation(mutations.move());
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center" data-testid={testId}>
      {children}
      {/* Two groups, placing and showing / changing, so that a narrow phone wraps between them and
          never leaves one button alone on a line. */}
      <div className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
        <div className="flex items-center gap-1">
          <MoveButtons
            name={name}
            canUp={!first}
            canDown={!last}
            disabled={move.isPending}
            onMove={(direction) => move.mutate({ item, direction })}
          />
          <VisibilitySwitch
            checked={item.isActive}
            name={name}
            disabled={toggle.isPending}
            onChange={(isActive) => toggle.mutate({ item, isActive })}
          />
        </div>
        <div className="ml-auto flex items-center gap-1">
          {extra}
          <EditIconButton name={name} onClick={onEdit} />
          <DeleteIconButton name={name} onClick={onDelete} />
        </div>
      </div>
    </div>
  );
}
