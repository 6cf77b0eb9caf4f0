/** The post editor's action bar: save, publish or unpublish, plan, where the save stands, delete. */

import CalendarClock from 'lucide-react/icons/calendar-clock';
import Check from 'lucide-react/icons/check';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Save from 'lucide-react/icons/save';
import Trash2 from 'lucide-react/icons/trash';
import type { AdminBlogPost } from '#common/schemas/blog-admin.ts';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { EditorActionBar, EditorDeleteButton, EditorMoreMenu, WIDE_ONLY } from '../kit/item-screen';
import type { SaveBlogPost } from './data';
import type { AutosaveState } from './use-blog-post-save';

export function BlogEditorActions({
  post,
  busy,
  saving,
  status,
  unsaved,
  message,
  onPublish,
  onPlan,
  onConfirm,
}: {
  post: AdminBlogPost | null;
  busy: boolean;
  /** The save running, if any. */
  saving: Partial<Pick<SaveBlogPost, 'publish' | 'auto'>> | null;
  status: AutosaveState;
  unsaved: boolean;
  message?: string;
  onPublish: () => void;
  onPlan: () => void;
  onConfirm: (what: 'delete' | 'unpublish') => void;
}) {
  const scheduleLabel = post?.scheduledAt ? 'Reprogrammer' : 'Programmer';
  return (
    <EditorActionBar oneRow>
      <Button
        type="submit"
        size="sm"
        variant={post?.isPublished ? 'primary' : 'secondary'}
        disabled={busy}
        className="shrink-0"
      >
        <Save className="hidden size-4 min-[400px]:block" aria-hidden="true" />
        {saving && !saving.publish && !saving.auto ? (
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
          onClick={() => onConfirm('unpublish')}
        >
          <EyeOff className="size-4" aria-hidden="true" />
          Dépublier
        </Button>
      ) : (
        <>
          <Button type="button" size="sm" disabled={busy} onClick={onPublish} className="shrink-0">
            <Eye className="hidden size-4 min-[400px]:block" aria-hidden="true" />
            {saving?.publish ? 'Publication...' : 'Publier'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={busy}
            className={WIDE_ONLY}
            // The form must be valid to be saved with its plan: its errors show, no dialog.
            onClick={onPlan}
          >
            <CalendarClock className="size-4" aria-hidden="true" />
            {scheduleLabel}
          </Button>
        </>
      )}
      <SaveStatus
        state={saving ? 'saving' : status}
        unsaved={unsaved}
        published={post?.isPublished ?? false}
        message={message}
      />
      {post ? (
        <EditorDeleteButton disabled={busy} className={WIDE_ONLY} onClick={() => onConfirm('delete')} />
      ) : null}
      <EditorMoreMenu
        actions={[
          ...(post?.isPublished
            ? [{ label: 'Dépublier', icon: EyeOff, disabled: busy, onSelect: () => onConfirm('unpublish') }]
            : [{ label: scheduleLabel, icon: CalendarClock, disabled: busy, onSelect: onPlan }]),
          ...(post
            ? [
                {
                  label: 'Supprimer',
                  icon: Trash2,
                  disabled: busy,
                  danger: true,
                  onSelect: () => onConfirm('delete'),
                },
              ]
            : []),
        ]}
      />
    </EditorActionBar>
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
