/** Deleting or unpublishing a post from its editor, each asked first in a dialog. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminBlogPost } from '#common/schemas/blog-admin.ts';
import { errorMessage } from '~/lib/api';
import { toast } from '~/lib/toast';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { blogPublicationMutation, deleteBlogPostMutation } from './data';

export type Removal = 'delete' | 'unpublish';

/** The question being asked (`ask` opens it), whether an answer is being sent, and its dialog. */
export function usePostRemoval(post: AdminBlogPost | null) {
  const navigate = useNavigate();
  const publication = useMutation(blogPublicationMutation());
  const remove = useMutation(deleteBlogPostMutation());
  const [confirming, setConfirming] = useState<Removal | null>(null);

  const confirm = () => {
    if (!post || !confirming) return;
    if (confirming === 'delete') {
      remove.mutate(post, {
        onSuccess: () => {
          toast({ title: 'Article supprimé', description: post.title });
          navigate('/admin/blog');
        },
        onError: (error) =>
          toast({
            title: 'Suppression impossible',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      });
    } else {
      publication.mutate(
        { id: post.id, action: 'unpublish' },
        {
          onSuccess: (updated) => {
            setConfirming(null);
            toast({ title: 'Article dépublié', description: updated.title });
          },
          onError: (error) =>
            toast({
              title: 'Dépublication impossible',
              description: errorMessage(error),
              variant: 'destructive',
            }),
        },
      );
    }
  };

  const dialog = (
    <ConfirmDialog
      open={confirming !== null}
      onOpenChange={(open) => (open ? undefined : setConfirming(null))}
      title={confirming === 'delete' ? 'Supprimer cet article ?' : 'Dépublier cet article ?'}
      confirmLabel={confirming === 'delete' ? 'Supprimer définitivement' : 'Dépublier'}
      pendingLabel={confirming === 'delete' ? 'Suppression...' : 'Dépublication...'}
      pending={remove.isPending || publication.isPending}
      danger={confirming === 'delete'}
      onConfirm={confirm}
    >
      {confirming === 'delete' ? (
        <>
          <p>L’article et son image de couverture seront supprimés.</p>
          <p className="font-medium text-red-800">Cette action est irréversible.</p>
        </>
      ) : (
        <p>
          L’article quittera le site, le flux RSS et le plan du site ; son adresse /blog/{post?.slug} ne
          répondra plus. Vous pourrez le republier.
        </p>
      )}
    </ConfirmDialog>
  );
  return { ask: setConfirming, pending: remove.isPending || publication.isPending, dialog };
}
