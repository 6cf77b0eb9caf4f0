import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { data, Link } from 'react-router';
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS, type BlogCategory } from '#common/enums.ts';
import { formatInKinshasa } from '#common/kinshasa.ts';
import { PAGES, type PageKey } from '#common/pages.ts';
import { BLOG_PAGE_SIZE, BlogListQuerySchema } from '#common/schemas/public-api.ts';
import { pageShareImage } from '#common/visuals.ts';
import { CoverPicture } from '~/components/cover-picture';
import { PageHeader } from '~/components/page-header';
import { CardLink } from '~/components/ui/card-link';
import { appContext } from '~/context.server';
import { cn } from '~/lib/cn';
import { breadcrumbJsonLd, seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';
import type { Route } from './+types/blog';

// Fixed time zone: the server and the reader's browser must print the same day, or hydration fails.

/** The canonical address of one listing page: no `page` for the first one, category first. */
function blogHref(category: BlogCategory | null, page = 1) {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Only the two parameters the page knows; others (utm_source from a campaign…) are ignored.
  const query = BlogListQuerySchema.safeParse({
    page: url.searchParams.get('page') ?? undefined,
    category: url.searchParams.get('category') ?? undefined,
  });
  // An unknown category or a nonsense page is a page that does not exist, not a server error.
  if (!query.success) throw data(null, { status: 404 });
  const { page, category } = query.data;
  const { content } = context.get(appContext);
  const result = await content.listPosts({ page, pageSize: BLOG_PAGE_SIZE, category });
  if (page > result.totalPages) throw data(null, { status: 404 });
  return {
    posts: result.items,
    page: result.page,
    totalPages: result.totalPages,
    category: category ?? null,
  };
}

export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: 'Blog', href: '/blog/rss.xml' },
];

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const category = loaderData?.category ?? null;
  const page = loaderData?.page ?? 1;
  const key: PageKey = category ? `blog.${category}` : 'blog';
  const title = [PAGES[key].title, page > 1 ? ` (page ${page})` : ''].join('');
  return seo(site, {
    title,
    image: pageShareImage(key),
    description:
      'Conseils pratiques de marketing digital, de stratégie, de branding et de growth hacking pour les entreprises de Kinshasa et de toute la RDC.',
    path: blogHref(category, page),
    jsonLd: site
      ? breadcrumbJsonLd(site, [
          ['Accueil', '/'],
          ['Blog', '/blog'],
        ])
      : undefined,
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, totalPages, category } = loaderData;
  return (
    <>
      <PageHeader
        title="Blog"
        intro="Nos conseils pour attirer, convaincre et fidéliser vos clients : stratégie, marketing digital, branding et mesure de la performance, avec des exemples tirés du marché congolais."
      />

      <div className="px-4 pb-16">
        <div className="mx-auto max-w-6xl">
          <nav aria-label="Catégories d’articles">
            <ul className="flex flex-wrap gap-2">
              <CategoryLink to="/blog" current={category === null}>
                Tous les articles
              </CategoryLink>
              {BLOG_CATEGORIES.map((value) => (
                <CategoryLink key={value} to={blogHref(value)} current={category === value}>
                  {BLOG_CATEGORY_LABELS[value]}
                </CategoryLink>
              ))}
            </ul>
          </nav>

          {posts.length === 0 ? (
            <p className="mt-10 rounded-xl bg-gray-50 p-8 text-center text-gray-700">
              Aucun article pour le moment.
            </p>
          ) : (
            <>
              <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {posts.map((post, index) => (
                  <li key={post.id}>
                    <PostCard post={post} eager={index === 0} />
                  </li>
                ))}
              </ul>
              <Pagination category={category} page={page} totalPages={totalPages} />
            </>
          )}
        </div>
      </div>
    </>
  );
}

function CategoryLink({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <li>
      <Link
        to={to}
        aria-current={current ? 'page' : undefined}
        className={cn(
          'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
          current
            ? 'bg-brand-700 text-white ring-brand-700'
            : 'bg-white text-gray-800 ring-gray-300 hover:bg-brand-50 hover:text-brand-800',
        )}
      >
        {children}
      </Link>
    </li>
  );
}

type PostSummary = Route.ComponentProps['loaderData']['posts'][number];

function PostCard({ post, eager }: { post: PostSummary; eager: boolean }) {
  return (
    <article className="render-when-near relative [--render-estimate:33rem] flex h-full flex-col overflow-hidden rounded-xl border border-gray-100 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
      {/* The upload or the generated cover; decorative next to the title it illustrates. */}
      <CoverPicture
        image={post.cover}
        sizes="(min-width: 1024px) 368px, (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)"
        eager={eager}
        decorative
        className="aspect-[3/2] h-auto w-full bg-brand-900 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
          {BLOG_CATEGORY_LABELS[post.category]}
        </p>
        <h2 className="mt-2 text-lg font-semibold text-gray-900">
          {/* The link covers the whole card (after:absolute) while its name stays the title. */}
          <CardLink to={`/blog/${post.slug}`}>{post.title}</CardLink>
        </h2>
        <p className="mt-2 flex-1 text-sm text-gray-700">{post.excerpt}</p>
        <p className="mt-4 text-sm text-gray-600">
          <time dateTime={post.publishedAt}>{formatInKinshasa(post.publishedAt, 'longDate')}</time>
        </p>
      </div>
    </article>
  );
}

function Pagination({
  category,
  page,
  totalPages,
}: {
  category: BlogCategory | null;
  page: number;
  totalPages: number;
}) {
  const linkClass =
    'inline-flex min-h-11 items-center gap-1 rounded-md px-4 text-sm font-medium text-brand-800 ring-1 ring-brand-700 ring-inset hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      <div className="min-w-28">
        {page > 1 ? (
          <Link to={blogHref(category, page - 1)} rel="prev" className={linkClass}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            Précédent
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-gray-700">{`Page ${page} sur ${totalPages}`}</p>
      <div className="flex min-w-28 justify-end">
        {page < totalPages ? (
          <Link to={blogHref(category, page + 1)} rel="next" className={linkClass}>
            Suivant
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
