/**
 * Writing a post (decision 015): title, slug (generated from the title when left empty, editable),
 * category, excerpt, cover image, Markdown content beside its live preview. "Enregistrer" keeps
 * the status; "Publier" saves then publishes; "Dépublier" and "Supprimer" ask first. Validated by
 * the shared schema in the browser, then by the server (its field errors land on the fields).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ExternalLink, Eye, EyeOff, Save, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS } from '#common/enums.ts';
import {
  type AdminBlogPost,
  type BlogPostForm,
  type BlogPostInput,
  BlogPostInputSchema,
  slugify,
} from '#common/schemas/blog-admin.ts';
import { FieldError, TextAreaField, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { applyFieldErrors, errorMessage } from '~/lib/api';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { useAdminForm } from '../admin-form';
import { ConfirmDialog } from '../confirm-dialog';
import { ImageUploadField } from '../image-upload';
import { AdminPageHeader, Card, formatDate, ItemLoader, BackLink as SharedBackLink } from '../ui';
import { BlogStatusBadge } from './blog-status-badge';
import { blogPostQuery, blogPublicationMutation, deleteBlogPostMutation, saveBlogPostMutation } from './data';
import { MarkdownPreview } from './markdown-preview';

const FORM_FIELDS = ['title', 'slug', 'category', 'excerpt', 'coverImage', 'content'] as const;

export function BlogEditorScreen({ postId }: { postId: string | undefined }) {
  if (!postId) return <BlogEditor post={null} />;
  return (
    <ItemLoader
      options={blogPostQuery(postId)}
      back={<BackLink />}
      missing="Cet article n'existe pas ou a été supprimé."
      // Keyed by id: another post gets a fresh form.
      render={(post) => <BlogEditor key={post.id} post={post} />}
    />
  );
}

const BackLink = () => <SharedBackLink to="/admin/blog" label="Tous les articles" />;

function toForm(post: AdminBlogPost | null): BlogPostForm {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    // Empty until chosen: the select shows 'Choisissez…' and the schema refuses it.
    category: post?.category ?? ('' as BlogPostForm['category']),
    excerpt: post?.excerpt ?? '',
    coverImage: post?.coverImage ?? null,
    content: post?.content ?? '',
  };
}

function BlogEditor({ post }: { post: AdminBlogPost | null }) {
  const navigate = useNavigate();
  const publication = useMutation(blogPublicationMutation());
  const remove = useMutation(deleteBlogPostMutation());
  const [confirming, setConfirming] = useState<'delete' | 'unpublish' | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useAdminForm<BlogPostForm, BlogPostInput>(zodResolver(BlogPostInputSchema), toForm(post));
  const title = watch('title');
  const slug = watch('slug');
  const content = watch('content');
  const generatedSlug = slugify(title ?? '');

  const save = useMutation(
    saveBlogPostMutation({
      onSuccess: ({ saved }) => {
        reset(toForm(saved));
        if (!post) navigate(`/admin/blog/${saved.id}`, { replace: true });
      },
      onError: (error) => {
        const onFields = applyFieldErrors(error, setError, FORM_FIELDS);
        toast({
          title: 'Enregistrement impossible',
          description: onFields ? 'Corrigez les champs signalés.' : errorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );

  const submit = (publish: boolean) =>
    handleSubmit((values) => save.mutate({ id: post?.id ?? null, values, publish }));
  const busy = save.isPending || publication.isPending || remove.isPending;
  const slugChangedWhilePublished = post?.isPublished && slug !== post.slug;

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

  return (
    <>
      <BackLink />
      <AdminPageHeader
        title={post ? "Modifier l'article" : 'Nouvel article'}
        description={
          post
            ? `Créé le ${formatDate(post.createdAt)}, modifié le ${formatDate(post.updatedAt)}.`
            : 'Il reste un brouillon, invisible sur le site, tant que vous ne le publiez pas.'
        }
        actions={
          post ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
              <BlogStatusBadge published={post.isPublished} />
              <span data-testid="blog-views">
                {post.views.toLocaleString('fr-FR')} lecture{post.views > 1 ? 's' : ''}
              </span>
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
      <form noValidate onSubmit={submit(false)} className="flex flex-col gap-6">
        <Card className="grid gap-4 lg:grid-cols-2">
          <TextField
            label="Titre"
            error={errors.title?.message}
            {...register('title')}
            className="lg:col-span-2"
          />
          <div className="flex flex-col gap-1.5">
            <TextField
              label="Slug (adresse de l'article)"
              optional
              placeholder={generatedSlug || 'genere-depuis-le-titre'}
              autoCapitalize="none"
              spellCheck={false}
              error={errors.slug?.message}
              {...register('slug')}
            />
            {slugChangedWhilePublished ? (
              <p className="text-xs font-medium text-amber-800">
                Attention : l'ancienne adresse /blog/{post?.slug} ne répondra plus.
              </p>
            ) : !slug ? (
              <p className="text-xs break-words text-gray-600">
                Laissé vide, il est créé depuis le titre : /blog/{generatedSlug || '…'}
              </p>
            ) : null}
          </div>
          <CategorySelect error={errors.category?.message} {...register('category')} />
          <TextAreaField
            label="Résumé"
            optional
            rows={3}
            error={errors.excerpt?.message}
            {...register('excerpt')}
            className="lg:col-span-2"
          />
          <div className="lg:col-span-2">
            <ImageUploadField
              control={control}
              name="coverImage"
              label="Image de couverture"
              error={errors.coverImage?.message}
            />
          </div>
        </Card>

        <Card className="grid gap-4 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <TextAreaField
              label="Contenu (Markdown)"
              rows={22}
              spellCheck
              error={errors.content?.message}
              {...register('content')}
            />
            <p className="text-xs text-gray-600">
              ## Intertitre, **gras**, *italique*, [lien](https://…), listes avec « - ». Le titre de l'article
              est déjà le titre principal de la page.
            </p>
          </div>
          <MarkdownPreview content={content ?? ''} />
        </Card>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <Button
            type="submit"
            size="sm"
            variant={post?.isPublished ? 'primary' : 'secondary'}
            disabled={busy}
          >
            <Save className="size-4" aria-hidden="true" />
            {save.isPending && !save.variables?.publish ? (
              'Enregistrement...'
            ) : (
              <>
                Enregistrer
                <span className="hidden sm:inline">
                  {post?.isPublished ? ' les modifications' : ' le brouillon'}
                </span>
              </>
            )}
          </Button>
          {post?.isPublished ? (
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => setConfirming('unpublish')}
            >
              <EyeOff className="size-4" aria-hidden="true" />
              Dépublier
            </Button>
          ) : (
            <Button type="button" size="sm" disabled={busy} onClick={submit(true)}>
              <Eye className="size-4" aria-hidden="true" />
              {save.isPending && save.variables?.publish ? 'Publication...' : 'Publier'}
            </Button>
          )}
          {isDirty ? (
            <span className="text-xs text-amber-800 sm:text-sm">Modifications non enregistrées</span>
          ) : null}
          {post ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={busy}
              className="ml-auto text-red-700 hover:bg-red-50"
              onClick={() => setConfirming('delete')}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Supprimer
            </Button>
          ) : null}
        </div>
      </form>
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
            <p>L'article et son image de couverture seront supprimés.</p>
            <p className="font-medium text-red-800">Cette action est irréversible.</p>
          </>
        ) : (
          <p>
            L'article quittera le site, le flux RSS et le plan du site ; son adresse /blog/{post?.slug} ne
            répondra plus. Vous pourrez le republier.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** A native select whose values are the category keys and whose options show their French labels. */
function CategorySelect({ error, ...props }: { error?: string } & React.ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        Catégorie
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required
        {...props}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 focus:outline-2',
          error
            ? 'border-red-600 focus:outline-red-600/30'
            : 'border-gray-300 focus:border-brand-700 focus:outline-brand-700/30',
        )}
      >
        <option value="" disabled>
          Choisissez…
        </option>
        {BLOG_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {BLOG_CATEGORY_LABELS[category]}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
