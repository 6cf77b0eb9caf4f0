/**
 * One screen of an ordered content list (team, testimonials, client logos): its header with the
 * "Ajouter" button, every item (hidden ones too) in the public site's order, each row with its
 * controls, the item's form in its dialog (new or edited) and the confirmation of a deletion.
 * Each screen gives its words, its row's content and its form.
 */
import { type UseQueryResult, useMutation } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useState } from 'react';
import type { AdminMutation } from '../data/admin-data';
import { type EmptyProps, QueryStates, rowsSkeleton } from './admin-list';
import { NewItemButton } from './buttons';
import { ConfirmDialog } from './confirm-dialog';
import { OrderedList, OrderedRow, type RowMutations } from './ordered-content';
import { type ItemFormProps, type ItemSave, OrderedItemFormDialog } from './ordered-item-form';
import { AdminPageHeader, Card } from './page';

export function OrderedItemsScreen<
  T extends { id: string; isActive: boolean },
  TMoved,
  TToggled,
  TRemoved,
  TValues,
>({
  list,
  title,
  description,
  addLabel,
  listLabel,
  rowHeight,
  empty,
  row,
  form,
  remove,
}: {
  list: UseQueryResult<T[]>;
  title: string;
  description: string;
  addLabel: string;
  listLabel: string;
  /** The skeleton's row height, phone then laptop (Tailwind classes): the rows' own. */
  rowHeight: string;
  empty: EmptyProps;
  row: {
    testId: string;
    /** What the controls' accessible names call the item. */
    name: (item: T) => string;
    mutations: RowMutations<T, TMoved, TToggled>;
    content: (item: T, index: number) => ReactNode;
  };
  form: {
    component: ComponentType<ItemFormProps<T, TValues>>;
    /** The dialog's title for an edited item; a new item's is `addLabel`. */
    editTitle: string;
    /** The dialog's description for a new item; an edited item's is its name. */
    newDescription: string;
    save: ItemSave<TValues, T>;
  };
  remove: {
    mutation: AdminMutation<TRemoved, { item: T }>;
    title: (item: T | null) => ReactNode;
    /** What is lost, and that hiding loses nothing. */
    warning: ReactNode;
  };
}) {
  // undefined: closed; null: a new item; else the one being edited.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const items = list.data ?? [];

  return (
    <>
      <AdminPageHeader
        title={title}
        description={description}
        actions={<NewItemButton onClick={() => setEditing(null)} label={addLabel} />}
      />
      <Card>
        <QueryStates
          query={list}
          skeleton={rowsSkeleton(rowHeight)}
          isEmpty={(data) => data.length === 0}
          empty={empty}
        >
          {() => (
            <OrderedList items={items} label={listLabel} busy={list.isFetching}>
              {(item, index) => (
                <OrderedRow
                  item={item}
                  name={row.name(item)}
                  testId={row.testId}
                  first={index === 0}
                  last={index === items.length - 1}
                  mutations={row.mutations}
                  onEdit={() => setEditing(item)}
                  onDelete={() => setToDelete(item)}
                >
                  {row.content(item, index)}
                </OrderedRow>
              )}
            </OrderedList>
          )}
        </QueryStates>
      </Card>
      <OrderedItemFormDialog
        open={editing !== undefined}
        item={editing ?? null}
        items={items}
        onClose={() => setEditing(undefined)}
        title={editing ? form.editTitle : addLabel}
        description={editing ? row.name(editing) : form.newDescription}
        save={form.save}
        form={form.component}
      />
      <DeleteItemDialog item={toDelete} onClose={() => setToDelete(null)} {...remove} />
    </>
  );
}

function DeleteItemDialog<T, TRemoved>({
  item,
  onClose,
  mutation,
  title,
  warning,
}: {
  item: T | null;
  onClose: () => void;
  mutation: AdminMutation<TRemoved, { item: T }>;
  title: (item: T | null) => ReactNode;
  warning: ReactNode;
}) {
  const remove = useMutation(mutation());
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title(item)}
      confirmLabel="Supprimer"
      pendingLabel="Suppression..."
      pending={remove.isPending}
      onConfirm={() => {
        if (item) remove.mutate({ item }, { onSettled: onClose });
      }}
    >
      {warning}
    </ConfirmDialog>
  );
}
