import type { ReactNode } from 'react';
import { PAGES, type PageKey } from '#common/pages.ts';
import { PageHeader } from '~/components/page-header';
import { pageMeta } from '~/lib/seo';

/** Date shown on every legal page; change it with their content. */
export const LEGAL_UPDATED = 'Dernière mise à jour : 2 décembre 2026';

/** Head tags of a legal page: its own title, description, canonical URL and breadcrumb. */
export const legalMeta = (key: PageKey, description: string) =>
  pageMeta(key, description, { breadcrumb: PAGES[key].title });

/**
 * Typography for long legal text, without a prose plugin. `box-content`: the 48rem column is the
 * text's own width, padding outside it, so the text lines up with the header's title (width="prose").
 */
const articleClass =
  'mx-auto box-content max-w-3xl px-4 pt-4 pb-12 [&>:first-child]:mt-0 text-gray-700 sm:pb-16 lg:pb-24 [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-gray-900 [&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:text-xl [&_h2]:leading-snug [&_h2]:font-bold [&_h2]:text-gray-900 [&_h2+p]:mt-0 [&_h2+ul]:mt-0 [&_h2+h3]:mt-0 [&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900 [&_h3+p]:mt-0 [&_h3+ul]:mt-0 [&_li]:mt-2 [&_p]:mt-4 [&_strong]:text-gray-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6';

/** A legal page: header with the update date, then the text. */
export function LegalPage({ page, children }: { page: PageKey; children: ReactNode }) {
  return (
    <>
      <PageHeader title={PAGES[page].title} intro={LEGAL_UPDATED} width="prose" />
      <article className={articleClass}>{children}</article>
    </>
  );
}
