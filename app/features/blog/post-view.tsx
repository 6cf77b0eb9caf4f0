/**
 * A post's page (docs/product.md §2.6): its header, cover, sanitised HTML, the quote call to action
 * and recent posts. Rendered by /blog/{slug} for readers and by /apercu for a preview link
 * (decision 070), which counts no view.
 */
import CalendarDays from 'lucide-react/icons/calendar-days';
import Clock from 'lucide-react/icons/clock';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { CoverPicture } from '~/components/cover-picture';
import { LeadButton } from '~/components/lead-button';
import { PageHeader } from '~/components/page-header';
import { ArrowLink } from '~/components/ui/arrow-link';
import { CardLink } from '~/components/ui/card-link';
import { RecordView } from '~/features/blog/record-view';
import '~/components/prose.css';
import { BLOG_CATEGORY_LABELS, type BlogCategory } from '#common/enums.ts';
import { formatInKinshasa } from '#common/kinshasa.ts';

// Fixed time zone: the server and the reader's browser must print the same day, or hydration fails.

type PostLink = { id: string; title: string; slug: string; category: BlogCategory; publishedAt: string };

export type PostViewData = {
  post: PostLink & { cover: ComponentProps<typeof CoverPicture>['image'] };
  /** Sanitised on the server (server/content/markdown.ts). */
  html: string;
  readingMinutes: number;
  related: PostLink[];
  /** A draft's preview: no view counted. */
  preview?: boolean;
};

export function BlogPostView({ post, html, readingMinutes, related, preview = false }: PostViewData) {
  return (
    <>
      {/* A preview is not a reading: it counts no view. */}
      {preview ? null : <RecordView slug={post.slug} />}
      {/* The title shares the left edge and width of the text column below it (width="prose"). */}
      <PageHeader title={post.title} trail={[['Blog', '/blog']]} width="prose">
        {/* Each item leads with its own mark (no separator left dangling at a line's end when the
            line wraps on a phone). */}
        <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
          <Link
            to={`/blog?category=${post.category}`}
            className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            {BLOG_CATEGORY_LABELS[post.category]}
          </Link>
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <CalendarDays className="size-4 text-gray-500" aria-hidden="true" />
            <time dateTime={post.publishedAt}>{formatInKinshasa(post.publishedAt, 'longDate')}</time>
          </span>
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <Clock className="size-4 text-gray-500" aria-hidden="true" />
            {`${readingMinutes} min de lecture`}
          </span>
        </p>
      </PageHeader>

      <article className="px-4 pb-12">
        <div className="mx-auto max-w-3xl">
          {/* Above the fold: loaded at once, not lazily; decorative beside the title it illustrates. */}
          <CoverPicture
            image={post.cover}
            sizes="(min-width: 800px) 768px, calc(100vw - 32px)"
            eager
            decorative
            pictureClassName="mb-8 block"
            className="aspect-[3/2] h-auto w-full rounded-xl bg-brand-900 object-cover"
          />
          <div
            className="prose"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised against an allow-list on the server (server/content/markdown.ts).
            dangerouslySetInnerHTML={{ __html: html }}
          />

          <aside
            aria-labelledby="post-cta-title"
            className="mt-12 rounded-2xl bg-brand-50 p-6 text-center ring-1 ring-brand-100 sm:p-8"
          >
            <h2 id="post-cta-title" className="text-xl font-bold text-gray-900 sm:text-2xl">
              Envie d’appliquer ces conseils à votre entreprise ?
            </h2>
            <p className="mx-auto mt-2 max-w-xl text-gray-700">
              Parlez-nous de votre projet : nous vous envoyons un devis personnalisé et gratuit sous 24h.
            </p>
            <LeadButton lead="quote" size="lg" className="mt-6">
              Demander un devis
            </LeadButton>
          </aside>
        </div>
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="border-t border-gray-100 bg-gray-50 px-4 py-12">
          <div className="mx-auto max-w-6xl">
            <h2 id="related-title" className="text-2xl font-bold text-gray-900">
              Articles récents
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-3">
              {related.map((item) => (
                <li
                  key={item.id}
                  className="relative flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-100 focus-within:ring-2 focus-within:ring-brand-700"
                >
                  <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
                    {BLOG_CATEGORY_LABELS[item.category]}
                  </p>
                  <h3 className="mt-2 font-semibold text-gray-900">
                    <CardLink to={`/blog/${item.slug}`}>{item.title}</CardLink>
                  </h3>
                  <p className="mt-3 text-sm text-gray-600">
                    <time dateTime={item.publishedAt}>{formatInKinshasa(item.publishedAt, 'longDate')}</time>
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-8">
              <ArrowLink to="/blog">Tous les articles</ArrowLink>
            </p>
          </div>
        </section>
      ) : null}
    </>
  );
}
