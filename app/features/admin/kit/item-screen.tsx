/**
 * The screens of one item of a list (a blog post, an email template, a campaign). Each kind of item
 * declares its list once (`ItemList`): the link back to it (above the item, and in place of one that
 * cannot be shown) and what is said when the item is missing. Its editor ends with the same action
 * bar; an item edited in a dialog (a case study, a service, a team member) has the same dialog.
 */
import type { QueryKey } from '@tanstack/react-query';
import Ellipsis from 'lucide-react/icons/ellipsis';
import Trash2 from 'lucide-react/icons/trash';
import {
  type ComponentProps,
  type ComponentType,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { AdminDialog } from './dialog-frame';
import { BackLink } from './page';
import { PageSkeleton } from './skeleton';
import { ItemLoader } from './states';

export type ItemList = { to: string; label: string; missing: string };

/** The link back to the list. */
export function ListBackLink({ list }: { list: ItemList }) {
  return <BackLink to={list.to} label={list.label} />;
}

/** An item's screen while its item loads: the link back, then its heading and first card's shapes. */
export function ItemSkeleton({ list }: { list: ItemList }) {
  return (
    <>
      <ListBackLink list={list} />
      <PageSkeleton />
    </>
  );
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
      skeleton={<ItemSkeleton list={list} />}
      render={render}
    />
  );
}

/**
 * The action bar of an item's editor, held at the bottom of the screen while the form scrolls. On a
 * phone it is one row (`oneRow`): its rarer actions go into EditorMoreMenu, and the buttons they
 * duplicate show from 640 px only.
 */
export function EditorActionBar({ children, oneRow = false }: { children: ReactNode; oneRow?: boolean }) {
  return (
    <div
      data-testid="editor-action-bar"
      className={cn(
        'sticky bottom-0 z-10 -mx-4 flex items-center gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-wrap sm:rounded-xl sm:border',
        oneRow ? 'flex-nowrap' : 'flex-wrap',
      )}
    >
      {children}
    </div>
  );
}

/** Shown from 640 px only: an action a phone finds in EditorMoreMenu. */
export const WIDE_ONLY = 'hidden sm:inline-flex';

export type EditorMenuAction = {
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  onSelect: () => void;
  disabled?: boolean;
  danger?: boolean;
};

/**
 * "Plus d’actions" at the end of a phone's action bar (below 640 px): the rarer actions (schedule,
 * unpublish, delete) in a small list that opens above the button, so the bar stays one row. A
 * disclosure rather than a menu library (its weight would land on every screen that has an editor):
 * the button says whether it is open, Tab goes through the actions, Escape or a tap elsewhere
 * closes it and gives the focus back to the button.
 */
export function EditorMoreMenu({ actions }: { actions: EditorMenuAction[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  if (actions.length === 0) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the open list closes it.
    <div
      ref={root}
      className="relative ml-auto shrink-0 sm:hidden"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <Button
        ref={button}
        type="button"
        size="sm"
        variant="secondary"
        className="px-2.5"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <Ellipsis className="size-5" aria-hidden="true" />
        <span className="sr-only">Plus d’actions</span>
      </Button>
      {open ? (
        <ul
          id={listId}
          aria-label="Plus d’actions"
          className="absolute right-0 bottom-full z-50 mb-2 min-w-48 rounded-xl border border-gray-200 bg-white p-1 shadow-lg"
        >
          {actions.map(({ label, icon: Icon, onSelect, disabled, danger }) => (
            <li key={label}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  setOpen(false);
                  onSelect();
                }}
                className={cn(
                  'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50',
                  danger ? 'text-red-700' : 'text-gray-900',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Says the form has changes not saved yet, in the action bar. */
export function UnsavedNote() {
  return (
    <span className="line-clamp-2 min-w-0 text-xs leading-tight text-amber-800 sm:text-sm">
      Modifications non enregistrées
    </span>
  );
}

/** The delete button, last in the action bar; `onClick` asks first. */
export function EditorDeleteButton({
  disabled,
  onClick,
  className,
}: {
  disabled: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      className={cn('ml-auto text-red-700 hover:bg-red-50', className)}
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
