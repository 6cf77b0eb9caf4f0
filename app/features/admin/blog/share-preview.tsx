/**
 * The post as a shared link shows it (WhatsApp, Facebook, LinkedIn read the same Open Graph tags):
 * the share image, the site's address, the title and the description, cut where a phone cuts them.
 * The image is the saved post's (its cover, or the visual made from its title); before the first
 * save, a placeholder says what will be there.
 */
import ImageIcon from 'lucide-react/icons/image';
import type { AdminBlogPost } from '#common/schemas/blog-admin.ts';
import { postShareImage } from '#common/visuals.ts';

export function SharePreview({
  saved,
  title,
  description,
}: {
  saved: AdminBlogPost | null;
  title: string;
  description: string;
}) {
  const image = saved ? postShareImage(saved).url : null;
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <figure className="flex min-w-0 flex-col gap-1.5">
      <figcaption className="text-sm font-medium text-gray-900">Aperçu d’un partage (WhatsApp)</figcaption>
      <div className="w-full max-w-sm overflow-hidden rounded-lg bg-[#d9fdd3] p-1 shadow-sm">
        <div className="overflow-hidden rounded-md bg-[#f0f2f5]">
          {image ? (
            <img src={image} alt="" className="aspect-[1200/630] w-full bg-gray-200 object-cover" />
          ) : (
            <div className="flex aspect-[1200/630] w-full flex-col items-center justify-center gap-1 bg-gray-200 text-xs text-gray-600">
              <ImageIcon className="size-6" aria-hidden="true" />
              Image créée à l’enregistrement
            </div>
          )}
          <div className="px-3 py-2">
            <p className="line-clamp-2 text-sm font-semibold break-words text-gray-900">
              {title || 'Titre de l’article'}
            </p>
            <p className="mt-0.5 line-clamp-2 text-xs break-words text-gray-700">
              {description || 'La description s’affichera ici.'}
            </p>
            <p className="mt-1 text-xs text-gray-600">{host}</p>
          </div>
        </div>
      </div>
    </figure>
  );
}
