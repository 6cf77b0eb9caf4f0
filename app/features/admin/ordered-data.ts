/**
 * The writes every ordered content list has (services, team): create or change from the form,
 * show or hide on the site, move up or down. Each refreshes the queries of `refreshes` and says
 * what it did in a toast naming the item.
 */
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import { createAdminMutation } from './admin-data';

type Texts<T> = {
  /** The toast of a creation, and of a change. */
  created: string;
  saved: string;
  /** The toast once shown or hidden, and the failure's. */
  shown: string;
  hidden: string;
  toggleFailed: string;
  moveFailed: string;
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
  const itemUrl = (id: string) => `${path}/${encodeURIComponent(id)}`;
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

  return { itemUrl, save, toggle, move };
}
