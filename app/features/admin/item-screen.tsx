/**
 * The screens of one item of a list (a blog post, an email template, a campaign). Each kind of item
 * declares its list once (`ItemList`): the link back to it (above the item, and in place of one that
 * cannot be shown) and what is said when the item is missing. Its editor ends with the same action
 * bar; an item edited in a dialog (a case study, a service, a team member) has the same dialog.
 */
import type { QueryKey } from '@tanstack/react-query';
import Trash2 from 'lucide-react/icons/trash';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { AdminDialog } from './dialog-frame';
import { BackLink, ItemLoader } from './ui';

export type ItemList = { to: string; label: string; missing: string };

/** The link back to the list. */
export function ListBackLink({ list }: { list: ItemList }) {
  return <BackLink to={list.to} label={list.label} />;
}

/** The item loaded and drawn by `render`, or why it cannot be, with the link back to its list. */
export function ListItemLoader<T>({
  list,
  options,
  render,
}: {
  list: ItemList;
  options: { queryKey: QueryKey; queryFn: (context: { signal?: AbortSignal }) => Promise<T> };
  render: (item: T) => ReactNode;
}) {
  return (
    <ItemLoader
      options={options}
      back={<ListBackLink list={list} />}
      missing={list.missing}
      render={render}
    />
  );
}

/** The action bar of an item's editor, held at the bottom of the screen while the form scrolls. */
export function EditorActionBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
      {children}
    </div>
  );
}

/** Says the form has changes not saved yet, in the action bar. */
export function UnsavedNote() {
  return <span className="text-xs text-amber-800 sm:text-sm">Modifications non enregistrées</span>;
}

/** The delete button, last in the action bar; `onClick` asks first. */
export function EditorDeleteButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      className="ml-auto text-red-700 hover:bg-red-50"
      disabled={disabled}
      onClick={onClick}
    >
      <Trash2 className="size-4" aria-hidden="true" />
      Supprimer
    </Button>
  );
}

/** The dialog of an item's form: wide enough for its fields; closing it calls `onClose`. */
export function ItemFormDialog({
  onClose,
  ...dialog
}: Omit<ComponentProps<typeof AdminDialog>, 'onOpenChange' | 'wide'> & { onClose: () => void }) {
  return <AdminDialog wide onOpenChange={(open) => (open ? undefined : onClose())} {...dialog} />;
}
