/**
 * The blog's posts for the staff (decision 015): every status, filters by status and category and a
 * search (in the address, so reload and back keep them), the views of each post, and the actions
 * a small team uses daily: edit, see on the site, publish or unpublish, delete (confirmed).
 */
import { useMutation } from '@tanstack/react-query';
import ExternalLink from 'lucide-react/icons/external-link';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Pencil from 'lucide-react/icons/pencil';
import { Link } from 'react-router';
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS, type BlogCategory } from '#common/enums.ts';
import {
  type AdminBlogPostSummary,
  BLOG_STATUS_LABELS,
  BLOG_STATUSES,
  type BlogStatus,
} from '#common/schemas/blog-admin.ts';
import { toSearch } from '../data/queries';
import { AdminList, rowsSkeleton, useAdminList } from '../kit/admin-list';
import { DeleteIconButton, NewItemButton } from '../kit/buttons';
import { formatDate } from '../kit/dates';
import { IconButton } from '../kit/icon-button';
import { AdminPageHeader, Card } from '../kit/page';
import {
  type PendingAction,
  PublicationConfirmDialog,
  usePublicationActions,
} from '../kit/publication-actions';
import { BlogStatusBadge } from './blog-status-badge';
import {
  BLOG_LIST_DEFAULTS,
  type BlogListParams,
  blogListQuery,
  blogPublicationMutation,
  deleteBlogPostMutation,
} from './data';

const STATUS_OPTIONS = BLOG_STATUSES.map((value) => ({ value, label: `${BLOG_STATUS_LABELS[value]}s` }));
const CATEGORY_OPTIONS = BLOG_CATEGORIES.map((value) => ({ value, label: BLOG_CATEGORY_LABELS[value] }));

function readParams(search: URLSearchParams): BlogListParams {
  const status = search.get('status');
  const category = search.get('category');
  return {
    q: search.get('q') ?? undefined,
    status: BLOG_STATUSES.includes(status as BlogStatus) ? (status as BlogStatus) : undefined,
    category: BLOG_CATEGORIES.includes(category as BlogCategory) ? (category as BlogCategory) : undefined,
    sort: search.get('sort') === 'views' ? 'views' : 'updatedAt',
    page: Math.max(1, Number(search.get('page')) || 1),
  };
}

const writeParams = (params: BlogListParams) =>
  toSearch(params as Record<string, string | number | undefined>, BLOG_LIST_DEFAULTS);

type Pending = PendingAction<AdminBlogPostSummary>;

export function BlogListScreen() {
  const list = useAdminList(readParams, writeParams, blogListQuery);
  const { params, update } = list;
  const publication = useMutation(blogPublicationMutation());
  const remove = useMutation(deleteBlogPostMutation());
  const actions = usePublicationActions<AdminBlogPostSummary>({
    publication,
    remove,
    toasts: { published: 'Article publié', unpublished: 'Article dépublié', deleted: 'Article supprimé' },
  });
  const { pending, ask, publish } = actions;

  const filtered = Boolean(params.q || params.status || params.category);
  const postActions = (post: AdminBlogPostSummary) => (
    <PostActions post={post} onPublish={publish} onAsk={ask} publishing={publication.isPending} />
  );

  return (
    <>
      <AdminPageHeader
        title="Blog"
        description="Les articles du site : brouillons et publiés, avec leurs lectures."
        actions={<NewItemButton to="/admin/blog/new" label="Nouvel article" />}
      />
      <Card>
        <AdminList
          list={list}
          skeleton={rowsSkeleton('h-40 md:h-[5.3rem]', true)}
          toolbar={{
            search: { label: 'Rechercher un article', placeholder: 'Titre, slug, résumé' },
            filters: [
              { key: 'status', label: 'Statut', allLabel: 'Tous', options: STATUS_OPTIONS },
              { key: 'category', label: 'Catégorie', allLabel: 'Toutes', options: CATEGORY_OPTIONS },
              {
                label: 'Trier par',
                allLabel: 'Dernière modification',
                value: params.sort === 'views' ? 'views' : '',
                options: [{ value: 'views', label: 'Lectures' }],
                onChange: (sort) => update({ sort: sort === 'views' ? 'views' : 'updatedAt' }),
              },
            ],
          }}
          empty={{
            title: filtered ? 'Aucun article ne correspond à ces filtres.' : 'Aucun article pour le moment.',
            children: filtered ? null : <Link to="/admin/blog/new">Écrire le premier article</Link>,
          }}
          table={{
            className: 'hidden overflow-x-auto md:block',
            caption: (data) => `Articles du blog, ${data.total} au total`,
            rowTestId: 'blog-row',
            columns: [
              {
                header: 'Titre',
                className: 'max-w-[18rem] px-4 py-3',
                cell: (post) => (
                  <>
                    <PostTitle post={post} />
                    <p className="truncate text-gray-600">/blog/{post.slug}</p>
                  </>
                ),
              },
              {
                header: 'Catégorie',
                className: 'px-4 py-3 text-gray-700',
                cell: (post) => BLOG_CATEGORY_LABELS[post.category],
              },
              {
                header: 'Statut',
                className: 'px-4 py-3',
                cell: (post) => (
                  <>
                    <BlogStatusBadge post={post} />
                    {post.isPublished ? (
                      <p className="mt-1 text-xs text-gray-600">le {formatDate(post.publishedAt)}</p>
                    ) : null}
                  </>
                ),
              },
              {
                header: 'Lectures',
                numeric: true,
                className: 'px-4 py-3 text-gray-800',
                cell: (post) => post.views.toLocaleString('fr-FR'),
              },
              {
                header: 'Modifié le',
                className: 'px-4 py-3 whitespace-nowrap text-gray-700',
                cell: (post) => formatDate(post.updatedAt),
              },
              { header: 'Actions', hiddenHeader: true, className: 'px-2 py-2', cell: postActions },
            ],
          }}
        >
          {(data) => (
            <ul className="divide-y divide-gray-100 md:hidden" aria-busy={list.query.isFetching}>
              {data.items.map((post) => (
                <li key={post.id} className="py-3" data-testid="blog-row">
                  <PostTitle post={post} />
                  <p className="truncate text-sm text-gray-600">/blog/{post.slug}</p>
                  <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
                    <BlogStatusBadge post={post} />
                    <span>{BLOG_CATEGORY_LABELS[post.category]}</span>
                    <span>
                      {post.views.toLocaleString('fr-FR')} lecture{post.views > 1 ? 's' : ''}
                    </span>
                  </div>
                  {postActions(post)}
                </li>
              ))}
            </ul>
          )}
        </AdminList>
      </Card>
      <PublicationConfirmDialog
        actions={actions}
        titles={{ delete: 'Supprimer cet article ?', unpublish: 'Dépublier cet article ?' }}
      >
        <PendingDescription pending={pending} />
      </PublicationConfirmDialog>
    </>
  );
}

function PostTitle({ post }: { post: AdminBlogPostSummary }) {
  return (
    <Link to={`/admin/blog/${post.id}`} className="font-medium break-words text-brand-800 hover:underline">
      {post.title}
    </Link>
  );
}

function PostActions({
  post,
  onPublish,
  onAsk,
  publishing,
}: {
  post: AdminBlogPostSummary;
  onPublish: (post: AdminBlogPostSummary) => void;
  onAsk: (pending: Pending) => void;
  publishing: boolean;
}) {
  return (
    <div className="flex justify-end gap-1">
      <IconButton asChild label={`Modifier « ${post.title} »`} tooltip="Modifier">
        <Link to={`/admin/blog/${post.id}`}>
          <Pencil className="size-4" aria-hidden="true" />
        </Link>
      </IconButton>
      {post.isPublished ? (
        <>
          <IconButton asChild label={`Voir « ${post.title} » sur le site`} tooltip="Voir sur le site">
            <a href={`/blog/${encodeURIComponent(post.slug)}`} target="_blank" rel="noopener">
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          </IconButton>
          <IconButton
            label={`Dépublier « ${post.title} »`}
            tooltip="Dépublier"
            onClick={() => onAsk({ item: post, action: 'unpublish' })}
          >
            <EyeOff className="size-4" aria-hidden="true" />
          </IconButton>
        </>
      ) : (
        <IconButton
          label={`Publier « ${post.title} »`}
          tooltip="Publier"
          disabled={publishing}
          onClick={() => onPublish(post)}
        >
          <Eye className="size-4" aria-hidden="true" />
        </IconButton>
      )}
      <DeleteIconButton name={post.title} onClick={() => onAsk({ item: post, action: 'delete' })} />
    </div>
  );
}

function PendingDescription({ pending }: { pending: Pending }) {
  if (!pending) return null;
  const title = <strong className="wrap-anywhere text-gray-900">{pending.item.title}</strong>;
  if (pending.action === 'unpublish') {
    return (
      <p>
        {title} quittera le site, le flux RSS et le plan du site ; son adresse /blog/{pending.item.slug} ne
        répondra plus. Vous pourrez le republier.
      </p>
    );
  }
  return (
    <>
      <p>
        {title} sera supprimé avec son image de couverture
        {pending.item.isPublished ? ' et disparaîtra du site' : ''}.
      </p>
      <p className="font-medium text-red-800">Cette action est irréversible.</p>
    </>
  );
}
