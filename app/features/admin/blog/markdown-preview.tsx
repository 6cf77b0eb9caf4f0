/**
 * The editor's live preview: the Markdown is sent to the server 400 ms after the last keystroke
 * and rendered by the public page's own sanitising renderer (server/content/markdown.ts), so what
 * the admin sees is what readers will get, without shipping marked and sanitize-html to the browser.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Loader2 from 'lucide-react/icons/loader-circle';
import '~/components/prose.css';
import { errorMessage } from '~/lib/api';
import { useDebounced } from '../kit/use-debounced';
import { blogPreviewQuery } from './data';

export const PREVIEW_DEBOUNCE_MS = 400;

export function MarkdownPreview({ content }: { content: string }) {
  const debounced = useDebounced(content, PREVIEW_DEBOUNCE_MS);
  const empty = debounced.trim() === '';
  const preview = useQuery({
    ...blogPreviewQuery(debounced),
    enabled: !empty,
    placeholderData: keepPreviousData,
  });
  const updating = !empty && (debounced !== content || preview.isFetching);
  return (
    <section aria-labelledby="blog-preview-title" className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <h2 id="blog-preview-title" className="text-sm font-medium text-gray-900">
          Aperçu
        </h2>
        {updating ? (
          <span role="status" className="flex items-center gap-1 text-xs text-gray-600">
            <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Mise à jour...
          </span>
        ) : null}
      </div>
      <div
        data-testid="blog-preview"
        className="min-h-28 overflow-x-auto rounded-lg border border-gray-200 bg-white px-4 py-3 lg:max-h-[36rem] lg:overflow-y-auto"
      >
        {empty ? (
          <p className="text-sm text-gray-600">L’aperçu du contenu s’affichera ici.</p>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Aperçu indisponible : {errorMessage(preview.error)}
          </p>
        ) : preview.data !== undefined ? (
          <div
            className="prose"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised against an allow-list on the server (server/content/markdown.ts), like the public post page.
            dangerouslySetInnerHTML={{ __html: preview.data }}
          />
        ) : null}
      </div>
    </section>
  );
}
