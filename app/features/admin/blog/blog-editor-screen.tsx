/**
 * Writing a post (decisions 015 and 068): title, slug (generated from the title when left empty, editable),
 * category, excerpt, cover image, and the content in the rich-text editor (stored as Markdown; its
 * source beside the live preview on demand). "Enregistrer" keeps
 * the status; "Publier" saves then publishes; "Dépublier" and "Supprimer" ask first. Validated by
 * the shared schema in the browser, then by the server (its field errors land on the fields).
 *
 * A draft saves itself (Ghost's habit): 3 s after the last change and when a field loses the focus,
 * once it has a title and a category, with "Enregistré" in the action bar instead of a toast. A
 * published post is saved only by its button (its changes go live). Leaving with changes not saved
 * asks first: a link of the back-office through the router's blocker, a reload or a closed tab
 * through `beforeunload`.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AdminBlogPost,
  type BlogPostForm,
  type BlogPostInput,
  BlogPostInputSchema,
} from '#common/schemas/blog-admin.ts';
import { fieldProps } from '~/components/form-fields';
import { useAdminForm } from '../kit/admin-form';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { type ItemList, ListBackLink, ListItemLoader } from '../kit/item-screen';
import { ScheduleDialog } from '../kit/schedule-dialog';
import { BlogEditorActions } from './blog-editor-actions';
import { BlogEditorHeader } from './blog-editor-header';
import { BlogPostFields } from './blog-post-fields';
import { usePostRemoval } from './blog-post-removal';
import { blogPostQuery, unscheduleBlogPostMutation } from './data';
import { useBlogPostSave } from './use-blog-post-save';

export const NEW_POST_ID = 'new';

const POSTS: ItemList = {
  to: '/admin/blog',
  label: 'Tous les articles',
  missing: 'Cet article n’existe pas ou a été supprimé.',
};

/** `postId` is 'new' for /admin/blog/new. */
export function BlogEditorScreen({ postId }: { postId: string }) {
  // A new post's first save moves the address to /admin/blog/{id}; the same editor goes on (the
  // text being typed, its cursor), so the screen remembers the id its editor created.
  const [createdId, setCreatedId] = useState<string | null>(null);
  if (postId === NEW_POST_ID || postId === createdId) {
    return <BlogEditor post={null} createdId={createdId} onCreated={setCreatedId} />;
  }
  return (
    <ListItemLoader
      list={POSTS}
      options={blogPostQuery(postId)}
      // Keyed by id: another post gets a fresh form.
      render={(post) => <BlogEditor key={post.id} post={post} />}
    />
  );
}

function toForm(post: AdminBlogPost | null): BlogPostForm {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    // Empty until chosen: the select shows 'Choisissez…' and the schema refuses it.
    category: post?.category ?? ('' as BlogPostForm['category']),
    excerpt: post?.excerpt ?? '',
    coverImage: post?.coverImage ?? null,
    metaDescription: post?.metaDescription ?? '',
    coverAlt: post?.coverAlt ?? '',
    content: post?.content ?? '',
  };
}

function BlogEditor({
  post: loaded,
  createdId = null,
  onCreated,
}: {
  post: AdminBlogPost | null;
  /** The post this editor created by its first save, while it goes on editing it. */
  createdId?: string | null;
  onCreated?: (id: string) => void;
}) {
  const unschedule = useMutation(unscheduleBlogPostMutation());
  const [scheduling, setScheduling] = useState(false);
  const created = useQuery({ ...blogPostQuery(createdId ?? ''), enabled: createdId !== null });
  const post = loaded ?? created.data ?? null;
  const form = useAdminForm<BlogPostForm, BlogPostInput>(zodResolver(BlogPostInputSchema), toForm(post));
  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    formState: { errors },
  } = form;
  const field = fieldProps(register, errors);
  const values = watch();
  const { save, autosave, unsaved, enqueue, submit, saveDraftLater, leaving } = useBlogPostSave({
    post,
    form,
    values,
    toForm,
    onCreated,
  });
  const removal = usePostRemoval(post);
  // An autosave runs behind the typing and disables no button: a click then waits for it (enqueue).
  // A button disabled by the autosave that the click's own focus change started would lose the click.
  const busy = (save.isPending && !save.variables?.auto) || removal.pending || unschedule.isPending;
  const planPublication = () => handleSubmit(() => setScheduling(true))();

  return (
    <>
      <ListBackLink list={POSTS} />
      <BlogEditorHeader post={post} busy={busy} onUnschedule={(saved) => unschedule.mutate(saved)} />
      <form
        noValidate
        onSubmit={submit(false)}
        // A field left (focus going out of it) saves the draft at once.
        onBlur={() => saveDraftLater.current()}
        className="flex flex-col gap-6"
      >
        <BlogPostFields field={field} control={control} errors={errors} values={values} post={post} />
        <BlogEditorActions
          post={post}
          busy={busy}
          saving={save.isPending ? (save.variables ?? {}) : null}
          status={autosave.state}
          unsaved={unsaved}
          message={autosave.message}
          onPublish={submit(true)}
          onPlan={planPublication}
          onConfirm={removal.ask}
        />
      </form>
      <ScheduleDialog
        open={scheduling}
        onOpenChange={setScheduling}
        pending={save.isPending && Boolean(save.variables?.schedule)}
        title="Programmer la publication"
        description="L’article sera mis en ligne de lui-même à cette heure (heure de Kinshasa). D’ici là, il reste un brouillon que vous pouvez modifier."
        current={post?.scheduledAt ?? null}
        onSchedule={(publishAt) =>
          handleSubmit((input) =>
            enqueue({ values: input, publish: false, schedule: publishAt, form: getValues() }, () =>
              setScheduling(false),
            ),
          )()
        }
      />
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        onOpenChange={(open) => (open ? undefined : leaving.reset?.())}
        title="Quitter sans enregistrer ?"
        confirmLabel="Quitter sans enregistrer"
        pendingLabel="Quitter sans enregistrer"
        pending={false}
        onConfirm={() => leaving.proceed?.()}
      >
        <p>Vos dernières modifications ne sont pas enregistrées : elles seront perdues.</p>
      </ConfirmDialog>
      {removal.dialog}
    </>
  );
}
