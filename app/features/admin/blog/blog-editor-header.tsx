/** The post editor's header: its status, planned publication, readings, preview link and public page. */
import { useMutation } from '@tanstack/react-query';
import ExternalLink from 'lucide-react/icons/external-link';
import ScanEye from 'lucide-react/icons/scan-eye';
import type { AdminBlogPost } from '#common/schemas/blog-admin.ts';
import { formatDate, formatDateTime } from '../kit/dates';
import { AdminPageHeader } from '../kit/page';
import { BlogStatusBadge } from './blog-status-badge';
import { previewLinkMutation } from './data';
import { PreviewLinkDialog } from './preview-link-dialog';

export function BlogEditorHeader({
  post,
  busy,
  onUnschedule,
}: {
  post: AdminBlogPost | null;
  busy: boolean;
  onUnschedule: (post: AdminBlogPost) => void;
}) {
  const previewLink = useMutation(previewLinkMutation());
  return (
    <>
      <AdminPageHeader
        title={post ? 'Modifier l’article' : 'Nouvel article'}
        description={
          post
            ? `Créé le ${formatDate(post.createdAt)}, modifié le ${formatDate(post.updatedAt)}.`
            : 'Il reste un brouillon, invisible sur le site, tant que vous ne le publiez pas.'
        }
        actions={
          post ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
              <BlogStatusBadge post={post} />
              {post.scheduledAt && !post.isPublished ? (
                <span data-testid="blog-schedule" className="flex flex-wrap items-center gap-x-2">
                  Mise en ligne le {formatDateTime(post.scheduledAt)} (heure de Kinshasa)
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onUnschedule(post)}
                    className="font-medium text-brand-800 underline-offset-2 hover:underline disabled:opacity-60"
                  >
                    Annuler la programmation
                  </button>
                </span>
              ) : null}
              <span data-testid="blog-views">
                {post.views.toLocaleString('fr-FR')} lecture{post.views > 1 ? 's' : ''}
              </span>
              <button
                type="button"
                disabled={previewLink.isPending}
                onClick={() => previewLink.mutate(post)}
                className="inline-flex items-center gap-1 font-medium text-brand-800 hover:underline disabled:opacity-60"
              >
                <ScanEye className="size-4" aria-hidden="true" />
                Aperçu
              </button>
              {post.isPublished ? (
                <a
                  href={`/blog/${encodeURIComponent(post.slug)}`}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1 font-medium text-brand-800 hover:underline"
                >
                  Voir sur le site
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                </a>
              ) : null}
            </div>
          ) : null
        }
      />
      <PreviewLinkDialog link={previewLink.data ?? null} onClose={() => previewLink.reset()} />
    </>
  );
}
