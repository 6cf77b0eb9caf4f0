/**
 * Publish, unpublish and delete from a list of publishable content (blog posts, case studies):
 * publishing goes at once; unpublishing and deleting wait for a confirmation, since they change
 * the public site. Each outcome is told in a toast with the item's title.
 */
import { type ReactNode, useState } from 'react';
import { errorMessage } from '~/lib/api';
import { toast } from '~/lib/toast';
import { ConfirmDialog } from './confirm-dialog';

export type ConfirmableAction = 'delete' | 'unpublish';
export type PendingAction<T> = { item: T; action: ConfirmableAction } | null;

type Callbacks = { onSuccess: () => void; onError: (error: unknown) => void };
type Mutation<V> = { mutate: (variables: V, callbacks: Callbacks) => void; isPending: boolean };

export function usePublicationActions<T extends { id: string; title: string }>({
  publication,
  remove,
  toasts,
}: {
  publication: Mutation<{ id: string; action: 'publish' | 'unpublish' }>;
  remove: Mutation<T>;
  /** Toast titles: 'Article publié', 'Article dépublié', 'Article supprimé'... */
  toasts: { published: string; unpublished: string; deleted: string };
}) {
  const [pending, setPending] = useState<PendingAction<T>>(null);

  const publish = (item: T) =>
    publication.mutate(
      { id: item.id, action: 'publish' },
      {
        onSuccess: () => toast({ title: toasts.published, description: item.title }),
        onError: (error) =>
          toast({
            title: 'Publication impossible',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );

  const confirm = () => {
    if (!pending) return;
    const { item, action } = pending;
    const done: Callbacks = {
      onSuccess: () => {
        setPending(null);
        toast({ title: action === 'delete' ? toasts.deleted : toasts.unpublished, description: item.title });
      },
      onError: (error) =>
        toast({ title: 'Action impossible', description: errorMessage(error), variant: 'destructive' }),
    };
    if (action === 'delete') remove.mutate(item, done);
    else publication.mutate({ id: item.id, action: 'unpublish' }, done);
  };

  return {
    pending,
    ask: setPending,
    publish,
    confirm,
    /** While publishing, unpublishing or deleting is on its way. */
    busy: remove.isPending || publication.isPending,
  };
}

/** The confirmation of a pending unpublish or delete; `children` says what it will do. */
export function PublicationConfirmDialog<T extends { id: string; title: string }>({
  actions: { pending, ask, confirm, busy },
  titles,
  children,
}: {
  actions: ReturnType<typeof usePublicationActions<T>>;
  /** The dialog's question for each action. */
  titles: Record<ConfirmableAction, string>;
  children: ReactNode;
}) {
  const deleting = pending?.action === 'delete';
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : ask(null))}
      title={deleting ? titles.delete : titles.unpublish}
      confirmLabel={deleting ? 'Supprimer définitivement' : 'Dépublier'}
      pendingLabel={deleting ? 'Suppression...' : 'Dépublication...'}
      pending={busy}
      danger={deleting}
      onConfirm={confirm}
    >
      {children}
    </ConfirmDialog>
  );
}
