/**
 * The form of an ordered content list's item (a service, a team member, a testimonial, a client
 * logo) in its dialog: the dialog that opens it on a new item or an edited one, the defaults of its
 * order and visibility fields, the form that saves the item and closes, and the preview of the item
 * as the site will show it.
 */
import { useMutation } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { AdminMutation } from '../data/admin-data';
import { saveItem } from './admin-form';
import { FormActions } from './buttons';
import { DialogForm } from './dialog-frame';
import { ItemFormDialog } from './item-screen';

/** How an item's form saves it: its write, and the toast of a failure that no field explains. */
export type ItemSave<TValues, TSaved> = {
  mutation: AdminMutation<TSaved, { id: string | null; values: TValues }>;
  fallback: string;
};

/** The item's dialog: `item` null is a new one; `items` are the list (for its order field). */
type ItemDialogProps<T> = { open: boolean; item: T | null; items: T[]; onClose: () => void };

/** An item's form: `item` null is a new one; `items` are the list (for its order field). */
export type ItemFormProps<T, TValues> = {
  item: T | null;
  items: T[];
  save: ItemSave<TValues, T>;
  onClose: () => void;
};

/** The dialog of an item of OrderedItemsScreen: its `form`, started afresh for each item. */
export function OrderedItemFormDialog<T extends { id: string }, TValues>({
  open,
  item,
  items,
  onClose,
  title,
  description,
  save,
  form: Form,
}: ItemDialogProps<T> & {
  title: string;
  description: ReactNode;
  save: ItemSave<TValues, T>;
  form: ComponentType<ItemFormProps<T, TValues>>;
}) {
  return (
    <ItemFormDialog open={open} onClose={onClose} title={title} description={description}>
      {open ? <Form key={item?.id ?? 'new'} item={item} items={items} save={save} onClose={onClose} /> : null}
    </ItemFormDialog>
  );
}

/**
 * The defaults of the order and visibility fields (OrderAndVisibilityFields): the item's own, or,
 * for a new one, visible and after the last of `siblings`, as the server would place it.
 */
export function orderAndVisibilityDefaults<T extends { order: number; isActive: boolean }>(
  item: T | null,
  siblings: T[],
) {
  return {
    order: item?.order ?? (siblings.length === 0 ? 0 : Math.max(...siblings.map((s) => s.order)) + 1),
    isActive: item?.isActive ?? true,
  };
}

/**
 * An item's form in its dialog: saves `item` (null: a new one) with `save.mutation` and closes, or
 * puts the server's messages under the fields (saveItem) and anything else in a toast saying
 * `save.fallback`. Its fields, then "Annuler" and "Enregistrer".
 */
export function ItemDialogForm<TDraft extends FieldValues, TOutput extends TValues, TValues, TSaved>({
  form,
  save: { mutation, fallback },
  item,
  onClose,
  children,
}: {
  form: UseFormReturn<TDraft, unknown, TOutput>;
  save: ItemSave<TValues, TSaved>;
  item: { id: string } | null;
  onClose: () => void;
  children: ReactNode;
}) {
  const save = useMutation(mutation());
  const onSubmit = form.handleSubmit((values) =>
    saveItem(save, item?.id ?? null, values, { form, fallback, onSaved: onClose }),
  );
  return (
    <DialogForm onSubmit={onSubmit} footer={<FormActions pending={save.isPending} onCancel={onClose} />}>
      {children}
    </DialogForm>
  );
}

/** The item as the site will show it, under its fields; `id` names the section by its heading. */
export function SitePreview({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-gray-50 p-4">
      <h3 id={id} className="text-sm font-semibold text-gray-900">
        Aperçu sur le site
      </h3>
      {children}
    </section>
  );
}
