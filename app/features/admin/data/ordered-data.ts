/**
 * The writes every ordered content list has (services, team): create or change from the form,
 * show or hide on the site, move up or down, delete. Each refreshes the queries of `refreshes` and
 * says what it did in a toast naming the item.
 */
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import { adminItems, createAdminMutation } from './admin-data';

type Texts<T> = {
  /** The toast of a creation, and of a change. */
  created: string;
  saved: string;
  /** The toast once shown or hidden, and the failure's. */
  shown: string;
  hidden: string;
  toggleFailed: string;
  moveFailed: string;
  /** The toast once deleted, and the failure's. */
  deleted: string;
  deleteFailed: string;
  /** How the toasts name an item. */
  name: (item: T) => string;
};

export function orderedContentMutations<T extends { id: string; isActive: boolean }, TValues>({
  path,
  refreshes,
  read,
  texts,
}: {
  /** The API path of the list; an item is `path/id`. */
  path: string;
  refreshes: readonly string[];
  /** The item in a write's answer. */
  read: (body: never) => T;
  texts: Texts<T>;
}) {
  const itemUrl = adminItems(path).url;
  const readItem = read as (body: unknown) => T;
  const { name } = texts;

  /** Creation (no id) or change, from the form; the form shows field errors itself. */
  const save = createAdminMutation({
    method: ({ id }: { id: string | null; values: TValues }) => (id ? 'PATCH' : 'POST'),
    url: ({ id }) => (id ? itemUrl(id) : path),
    body: ({ values }) => values,
    read: readItem,
    invalidates: refreshes,
    toast: (item, { id }) => ({ title: id === null ? texts.created : texts.saved, description: name(item) }),
  });

  const toggle = createAdminMutation({
    method: 'PATCH',
    url: ({ item }: { item: T; isActive: boolean }) => itemUrl(item.id),
    body: ({ isActive }) => ({ isActive }),
    read: readItem,
    invalidates: refreshes,
    toast: (item) => ({ title: item.isActive ? texts.shown : texts.hidden, description: name(item) }),
    errorToast: { fallback: texts.toggleFailed },
  });

  const move = createAdminMutation({
    method: 'POST',
    url: ({ item }: { item: T; direction: MoveDirection }) => `${itemUrl(item.id)}/move`,
    body: ({ direction }) => ({ direction }),
    invalidates: refreshes,
    toast: ({ item }) => ({ title: 'Ordre modifié', description: name(item) }),
    errorToast: { fallback: texts.moveFailed },
  });

  /**
   * Deletion; `search` is the query of the address (what becomes of a service's children). Refreshed
   * on failure too: an item already gone must leave the list, a change meanwhile (409) must show.
   */
  const remove = createAdminMutation({
    method: 'DELETE',
    url: ({ item, search }: { item: T; search?: string }) =>
      `${itemUrl(item.id)}${search ? `?${search}` : ''}`,
    invalidates: refreshes,
    refreshOn: 'settled',
    toast: ({ item }) => ({ title: texts.deleted, description: name(item) }),
    errorToast: { fallback: texts.deleteFailed },
  });

  return { save, toggle, move, remove };
}
