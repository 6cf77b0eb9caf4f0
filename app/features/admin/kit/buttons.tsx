/**
 * The back-office's buttons of rows, lists and forms: one look and one name pattern everywhere.
 */

import type { LucideIcon } from 'lucide-react';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { Sending } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { IconButton } from './icon-button';

/** A row's edit button, an icon alone, named 'Modifier « name »'. */
export function EditIconButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconButton label={`Modifier « ${name} »`} tooltip="Modifier" onClick={onClick}>
      <Pencil className="size-4" aria-hidden="true" />
    </IconButton>
  );
}

/** A row's delete button, an icon alone in red, named 'Supprimer « name »'. */
export function DeleteIconButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconButton
      label={`Supprimer « ${name} »`}
      tooltip="Supprimer"
      className="text-red-700 hover:bg-red-50"
      onClick={onClick}
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </IconButton>
  );
}

/**
 * A row's labelled button, its icon then its verb; with `item`, screen readers hear what it acts on
 * ('Renommer Ma clé').
 */
export function RowButton({
  icon: Icon,
  label,
  item,
  ...props
}: { icon: LucideIcon; label: string; item?: string } & Omit<
  ComponentProps<typeof Button>,
  'children' | 'variant' | 'size'
>) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={item === undefined ? undefined : `${label} ${item}`}
      {...props}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The "new" action of a list: a link to the new item's screen, or a button opening its dialog. */
export function NewItemButton({ label, to, onClick }: { label: string; to?: string; onClick?: () => void }) {
  const content = (
    <>
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </>
  );
  return to ? (
    <Button asChild size="sm">
      <Link to={to}>{content}</Link>
    </Button>
  ) : (
    <Button size="sm" onClick={onClick}>
      {content}
    </Button>
  );
}

/** The submit button of a settings panel's form, at its right end. */
export function PanelSubmit({ pending, label }: { pending: boolean; label: string }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={pending}>
        {pending ? <Sending /> : label}
      </Button>
    </div>
  );
}

/** "Annuler": closes a form or a dialog without saving; one look everywhere in the back-office. */
export function CancelButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="button" variant="secondary" onClick={onClick} disabled={disabled}>
      Annuler
    </Button>
  );
}

/**
 * The buttons that end an admin form: "Annuler" (closes without saving) and the submit button,
 * both disabled while the request runs, the submit one then showing `pendingLabel`.
 */
export function FormActions({
  pending,
  onCancel,
  submitLabel = 'Enregistrer',
  pendingLabel = 'Enregistrement...',
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: string;
  pendingLabel?: ReactNode;
}) {
  return (
    <>
      <CancelButton onClick={onCancel} disabled={pending} />
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}
