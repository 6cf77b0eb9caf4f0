/**
 * Saving a post from its editor: one save at a time, the draft's autosave (3 s after the last
 * change, or when a field loses the focus), what was saved against what is typed, and the guard
 * against leaving with changes not saved.
 */
import { useMutation } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useBlocker, useNavigate } from 'react-router';
import {
  type AdminBlogPost,
  type BlogPostForm,
  type BlogPostInput,
  BlogPostInputSchema,
} from '#common/schemas/blog-admin.ts';
import { applyFieldErrors, errorMessage, reportSaveError } from '~/lib/api';
import { type SaveBlogPost, saveBlogPostMutation } from './data';

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

export const AUTOSAVE_DELAY_MS = 3_000;

/** The form's values as one string: what was saved is compared with what is typed. */
const snapshot = (values: BlogPostForm) => JSON.stringify(values);

export type AutosaveState = 'idle' | 'saving' | 'saved' | 'incomplete' | 'failed';

type PostForm = Pick<
  UseFormReturn<BlogPostForm, unknown, BlogPostInput>,
  'handleSubmit' | 'setError' | 'clearErrors' | 'reset' | 'getValues'
>;

export function useBlogPostSave({
  post,
  form,
  values,
  toForm,
  onCreated,
}: {
  post: AdminBlogPost | null;
  form: PostForm;
  /** The values typed, as watched by the editor. */
  values: BlogPostForm;
  toForm: (post: AdminBlogPost | null) => BlogPostForm;
  onCreated?: (id: string) => void;
}) {
  const navigate = useNavigate();
  const { handleSubmit, setError, clearErrors, reset, getValues } = form;
  const current = snapshot(values);
  const [savedSnapshot, setSavedSnapshot] = useState(current);
  const [autosave, setAutosave] = useState<{ state: AutosaveState; message?: string; failed?: string }>({
    state: 'idle',
  });
  const unsaved = current !== savedSnapshot;
  const canAutosave = !post?.isPublished;

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
   * an autosave creates the post publishes that post, never a second one, and is never lost. A
   * save that waited sends the form as it is when it starts (the save before may have filled in
   * the slug the server made, and anything typed meanwhile goes with it), unless that no longer
   * passes, when it sends what was asked.
   */
  const enqueue = (variables: Omit<SaveBlogPost, 'id'>, onDone?: () => void) => {
    const run = queue.current.then(() => {
      const typed = getValues();
      const parsed = BlogPostInputSchema.safeParse(typed);
      const latest = parsed.success ? { values: parsed.data, form: typed } : {};
      return save.mutateAsync({ ...variables, ...latest, id: savedId.current }).then(onDone, () => undefined);
    });
    queue.current = run;
    return run;
  };

  const submit = (publish: boolean) =>
    handleSubmit((input) => enqueue({ values: input, publish, form: getValues() }));

  /** Saves a draft quietly when it can be saved; says what is missing when it cannot. */
  const saveDraft = () => {
    if (!canAutosave || save.isPending) return;
    const typed = getValues();
    if (snapshot(typed) === savedSnapshot || snapshot(typed) === autosave.failed) return;
    const parsed = BlogPostInputSchema.safeParse(typed);
    if (!parsed.success) {
      setAutosave({ state: 'incomplete' });
      return;
    }
    clearErrors();
    setAutosave({ state: 'saving' });
    enqueue({ values: parsed.data, publish: false, auto: true, form: typed });
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
  return { save, autosave, unsaved, enqueue, submit, saveDraftLater, leaving };
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
