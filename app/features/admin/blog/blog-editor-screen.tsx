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
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Check from 'lucide-react/icons/check';
import ExternalLink from 'lucide-react/icons/external-link';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Save from 'lucide-react/icons/save';
import ScanEye from 'lucide-react/icons/scan-eye';
import Trash2 from 'lucide-react/icons/trash';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS } from '#common/enums.ts';
import {
  type AdminBlogPost,
  type BlogPostForm,
  type BlogPostInput,
  BlogPostInputSchema,
  META_DESCRIPTION_MAX_LENGTH,
  slugify,
} from '#common/schemas/blog-admin.ts';
import { FieldError, fieldProps, TextAreaField, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { applyFieldErrors, errorMessage, reportSaveError } from '~/lib/api';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { useAdminForm } from '../admin-form';
import { ConfirmDialog } from '../confirm-dialog';
import { ImageUploadField } from '../image-upload';
import {
  EditorActionBar,
  EditorDeleteButton,
  EditorMoreMenu,
  type ItemList,
  ListBackLink,
  ListItemLoader,
  WIDE_ONLY,
} from '../item-screen';
import { MarkdownEditorField } from '../rich-text/markdown-editor-field';
import { ScheduleDialog } from '../schedule-dialog';
import { AdminPageHeader, Card, formatDate, formatDateTime } from '../ui';
import { BlogStatusBadge } from './blog-status-badge';
import {
  blogPostQuery,
  blogPublicationMutation,
  deleteBlogPostMutation,
  previewLinkMutation,
  type SaveBlogPost,
  saveBlogPostMutation,
  unscheduleBlogPostMutation,
} from './data';
import { MarkdownPreview } from './markdown-preview';
import { PreviewLinkDialog } from './preview-link-dialog';
import { SharePreview } from './share-preview';

const FORM_FIELDS = [
  'title',
  'slug',
  'category',
  'excerpt',
  'coverImage',
  'metaDescription',
  'coverAlt',
  'content',
] as const;

export const NEW_POST_ID = 'new';
export const AUTOSAVE_DELAY_MS = 3_000;

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

/** The form's values as one string: what was saved is compared with what is typed. */
const snapshot = (values: BlogPostForm) => JSON.stringify(values);

type AutosaveState = 'idle' | 'saving' | 'saved' | 'incomplete' | 'failed';

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
  const navigate = useNavigate();
  const publication = useMutation(blogPublicationMutation());
  const remove = useMutation(deleteBlogPostMutation());
  const unschedule = useMutation(unscheduleBlogPostMutation());
  const previewLink = useMutation(previewLinkMutation());
  const [confirming, setConfirming] = useState<'delete' | 'unpublish' | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const created = useQuery({ ...blogPostQuery(createdId ?? ''), enabled: createdId !== null });
  const post = loaded ?? created.data ?? null;
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    watch,
    getValues,
    formState: { errors },
  } = useAdminForm<BlogPostForm, BlogPostInput>(zodResolver(BlogPostInputSchema), toForm(post));
  const field = fieldProps(register, errors);
  const values = watch();
  const current = snapshot(values);
  const [savedSnapshot, setSavedSnapshot] = useState(current);
  const [autosave, setAutosave] = useState<{ state: AutosaveState; message?: string; failed?: string }>({
    state: 'idle',
  });
  const unsaved = current !== savedSnapshot;
  const canAutosave = !post?.isPublished;
  const generatedSlug = slugify(values.title ?? '');
  const slug = values.slug;

  const save = useMutation(
    saveBlogPostMutation({
      onSuccess: ({ saved }, variables) => {
        const sent = snapshot(variables.form);
        const typedMeanwhile = snapshot(getValues()) !== sent;
        // What was typed while the request ran stays; the rest takes the saved values (a generated slug).
        reset(toForm(saved), { keepDirtyValues: true });
        setSavedSnapshot(typedMeanwhile ? sent : snapshot(getValues()));
        setAutosave({ state: 'saved' });
        savedId.current = saved.id;
        if (!post) {
          onCreated?.(saved.id);
          ownPath.current = `/admin/blog/${saved.id}`;
          navigate(ownPath.current, { replace: true });
        }
      },
      onError: (error, variables) => {
        if (!variables.auto) {
          reportSaveError(error, setError, FORM_FIELDS);
          setAutosave({ state: 'idle' });
          return;
        }
        // Not tried again until something changes: a refusal would come back every 3 s.
        const onFields = applyFieldErrors(error, setError, FORM_FIELDS);
        setAutosave({
          state: 'failed',
          failed: snapshot(variables.form),
          message: onFields ? 'corrigez les champs signalés' : errorMessage(error),
        });
      },
    }),
  );
  const ownPath = useRef(post ? `/admin/blog/${post.id}` : '');
  /** The post's id once it exists: read when a save starts, not when it was asked for. */
  const savedId = useRef<string | null>(post?.id ?? null);
  /** The save running, if any: the next one starts after it. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  /**
   * One save at a time, each on the post as the one before it left it: a click on "Publier" while
   * an autosave creates the post publishes that post, never a second one, and is never lost.
   */
  const enqueue = (variables: Omit<SaveBlogPost, 'id'>, onDone?: () => void) => {
    const run = queue.current.then(() =>
      save.mutateAsync({ ...variables, id: savedId.current }).then(onDone, () => undefined),
    );
    queue.current = run;
    return run;
  };

  const submit = (publish: boolean) =>
    handleSubmit((input) => enqueue({ values: input, publish, form: getValues() }));

  /** Saves a draft quietly when it can be saved; says what is missing when it cannot. */
  const saveDraft = () => {
    if (!canAutosave || save.isPending) return;
    const form = getValues();
    if (snapshot(form) === savedSnapshot || snapshot(form) === autosave.failed) return;
    const parsed = BlogPostInputSchema.safeParse(form);
    if (!parsed.success) {
      setAutosave({ state: 'incomplete' });
      return;
    }
    clearErrors();
    setAutosave({ state: 'saving' });
    enqueue({ values: parsed.data, publish: false, auto: true, form });
  };
  const saveDraftLater = useRef(saveDraft);
  saveDraftLater.current = saveDraft;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer restarts on each change of the values.
  useEffect(() => {
    if (!canAutosave || !unsaved || save.isPending) return;
    const timer = setTimeout(() => saveDraftLater.current(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, canAutosave, unsaved, save.isPending]);

  const leaving = useLeaveGuard(unsaved, ownPath);
  // An autosave runs behind the typing and disables no button: a click then waits for it (enqueue).
  // A button disabled by the autosave that the click's own focus change started would lose the click.
  const busy =
    (save.isPending && !save.variables?.auto) ||
    publication.isPending ||
    remove.isPending ||
    unschedule.isPending;
  const slugChangedWhilePublished = post?.isPublished && slug !== post.slug;
  const scheduleLabel = post?.scheduledAt ? 'Reprogrammer' : 'Programmer';
  const planPublication = () => handleSubmit(() => setScheduling(true))();

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
      <ListBackLink list={POSTS} />
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
                    onClick={() => unschedule.mutate(post)}
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
      <form
        noValidate
        onSubmit={submit(false)}
        // A field left (focus going out of it) saves the draft at once.
        onBlur={() => saveDraftLater.current()}
        className="flex flex-col gap-6"
      >
        <Card className="grid gap-4 lg:grid-cols-2">
          <TextField label="Titre" {...field('title')} className="lg:col-span-2" />
          <div className="flex flex-col gap-1.5">
            <TextField
              label="Slug (adresse de l’article)"
              optional
              placeholder={generatedSlug || 'genere-depuis-le-titre'}
              autoCapitalize="none"
              spellCheck={false}
              {...field('slug')}
            />
            {slugChangedWhilePublished ? (
              <p className="text-xs text-gray-700">
                L’ancienne adresse /blog/{post?.slug} mènera à la nouvelle (redirection permanente).
              </p>
            ) : !slug ? (
              <p className="text-xs break-words text-gray-600">
                Laissé vide, il est créé depuis le titre : /blog/{generatedSlug || '…'}
              </p>
            ) : null}
          </div>
          <CategorySelect {...field('category')} />
          <TextAreaField label="Résumé" optional rows={3} {...field('excerpt')} className="lg:col-span-2" />
          <div className="lg:col-span-2">
            <ImageUploadField
              control={control}
              name="coverImage"
              label="Image de couverture"
              error={errors.coverImage?.message}
            />
          </div>
          {values.coverImage ? (
            <TextField
              label="Texte alternatif de la couverture"
              optional
              placeholder="Ce que montre l’image, en quelques mots"
              {...field('coverAlt')}
              className="lg:col-span-2"
            />
          ) : null}
        </Card>

        <Card className="grid gap-4 lg:grid-cols-2">
          <h2 className="text-base font-semibold text-gray-900 lg:col-span-2">Référencement et partage</h2>
          <div className="flex flex-col gap-1">
            <TextAreaField
              label="Description pour Google et les partages"
              optional
              rows={3}
              {...field('metaDescription')}
            />
            <p className="text-xs text-gray-600">
              {(values.metaDescription ?? '').trim().length}/{META_DESCRIPTION_MAX_LENGTH} caractères. Laissée
              vide, le résumé sert de description.
            </p>
          </div>
          <SharePreview
            saved={post}
            title={values.title ?? ''}
            description={(values.metaDescription || values.excerpt || '').trim()}
          />
        </Card>

        <Card>
          <MarkdownEditorField
            control={control}
            name="content"
            label="Contenu"
            placeholder="Écrivez votre article… Un intertitre, du gras, une image : la barre ci-dessus."
            sourcePreview={(markdown) => <MarkdownPreview content={markdown} />}
          />
        </Card>

        <EditorActionBar oneRow>
          <Button
            type="submit"
            size="sm"
            variant={post?.isPublished ? 'primary' : 'secondary'}
            disabled={busy}
            className="shrink-0"
          >
            <Save className="hidden size-4 min-[400px]:block" aria-hidden="true" />
            {save.isPending && !save.variables?.publish && !save.variables?.auto ? (
              'Enregistrement...'
            ) : (
              // One flex item: the button's gap would add its width to the space between the words.
              <span>
                Enregistrer
                <span className="hidden sm:inline">
                  {post?.isPublished ? ' les modifications' : ' le brouillon'}
                </span>
              </span>
            )}
          </Button>
          {post?.isPublished ? (
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              className={WIDE_ONLY}
              onClick={() => setConfirming('unpublish')}
            >
              <EyeOff className="size-4" aria-hidden="true" />
              Dépublier
            </Button>
          ) : (
            <>
              <Button type="button" size="sm" disabled={busy} onClick={submit(true)} className="shrink-0">
                <Eye className="hidden size-4 min-[400px]:block" aria-hidden="true" />
                {save.isPending && save.variables?.publish ? 'Publication...' : 'Publier'}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={busy}
                className={WIDE_ONLY}
                // The form must be valid to be saved with its plan: its errors show, no dialog.
                onClick={planPublication}
              >
                <CalendarClock className="size-4" aria-hidden="true" />
                {scheduleLabel}
              </Button>
            </>
          )}
          <SaveStatus
            state={save.isPending ? 'saving' : autosave.state}
            unsaved={unsaved}
            published={post?.isPublished ?? false}
            message={autosave.message}
          />
          {post ? (
            <EditorDeleteButton
              disabled={busy}
              className={WIDE_ONLY}
              onClick={() => setConfirming('delete')}
            />
          ) : null}
          <EditorMoreMenu
            actions={[
              ...(post?.isPublished
                ? [
                    {
                      label: 'Dépublier',
                      icon: EyeOff,
                      disabled: busy,
                      onSelect: () => setConfirming('unpublish'),
                    },
                  ]
                : [{ label: scheduleLabel, icon: CalendarClock, disabled: busy, onSelect: planPublication }]),
              ...(post
                ? [
                    {
                      label: 'Supprimer',
                      icon: Trash2,
                      disabled: busy,
                      danger: true,
                      onSelect: () => setConfirming('delete'),
                    },
                  ]
                : []),
            ]}
          />
        </EditorActionBar>
      </form>
      <PreviewLinkDialog link={previewLink.data ?? null} onClose={() => previewLink.reset()} />
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

const STATUS_TEXT: Record<AutosaveState, string> = {
  idle: '',
  saving: 'Enregistrement...',
  saved: 'Enregistré',
  incomplete: 'Pas encore enregistré : donnez un titre et une catégorie',
  failed: 'Enregistrement automatique impossible',
};

/** Where the post stands, read out politely when it changes: saving, saved, or what stops it. */
function SaveStatus({
  state,
  unsaved,
  published,
  message,
}: {
  state: AutosaveState;
  unsaved: boolean;
  published: boolean;
  message?: string;
}) {
  const text =
    state === 'saving'
      ? STATUS_TEXT.saving
      : state === 'failed' || (unsaved && state === 'incomplete')
        ? `${STATUS_TEXT[state]}${message ? ` : ${message}` : ''}`
        : unsaved
          ? published
            ? 'Modifications non enregistrées'
            : ''
          : state === 'saved'
            ? STATUS_TEXT.saved
            : '';
  // On a phone's one-row bar, a word or two; the fields say what is missing or refused.
  const short =
    state === 'failed' ? 'Non enregistré' : state === 'incomplete' && unsaved ? 'Incomplet' : text;
  return (
    <span
      role="status"
      data-testid="save-status"
      className={cn(
        'line-clamp-2 min-w-0 flex-1 text-xs leading-tight sm:line-clamp-none sm:flex-none sm:text-sm',
        state === 'failed' || (unsaved && published) ? 'text-amber-800' : 'text-gray-700',
      )}
    >
      {state === 'saved' && !unsaved ? <Check className="mr-1 inline size-4" aria-hidden="true" /> : null}
      {short === text ? (
        text
      ) : (
        <>
          <span className="sm:hidden">{short}</span>
          <span className="hidden sm:inline">{text}</span>
        </>
      )}
    </span>
  );
}

/**
 * Asks before leaving with changes not saved: the router's links (but not the move of a new post to
 * its own address, nor the logout of an expired session, which must happen), and a reload or a
 * closed tab (the browser's own question). Returns the blocker for the screen's dialog.
 */
function useLeaveGuard(unsaved: boolean, ownPath: RefObject<string>) {
  const unsavedNow = useRef(unsaved);
  unsavedNow.current = unsaved;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedNow.current &&
      nextLocation.pathname !== currentLocation.pathname &&
      nextLocation.pathname !== ownPath.current &&
      nextLocation.pathname !== '/admin/login',
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers read the question from here (they show their own text).
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return blocker;
}
