/**
 * The back-office's writing field (Tiptap): the text looks as it will on the site, a toolbar sets
 * headings, bold, italic, lists, quotes, links and images, and the value it gives the form is
 * Markdown, the stored format. An image pasted or dropped into the text opens the image dialog,
 * which uploads it and asks for its alt text. "Markdown" switches to the source (with the
 * server's preview beside it); content the visual editor would lose part of (a table, raw HTML)
 * opens there and stays there, so no one ever loses words by opening a post.
 */
import type { ChainedCommands, Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import Code2 from 'lucide-react/icons/code-xml';
import Heading2 from 'lucide-react/icons/heading-2';
import Heading3 from 'lucide-react/icons/heading-3';
import ImagePlus from 'lucide-react/icons/image-plus';
import Italic from 'lucide-react/icons/italic';
import Bold from 'lucide-react/icons/letter-b';
import Link2 from 'lucide-react/icons/link-2';
import List from 'lucide-react/icons/list';
import ListOrdered from 'lucide-react/icons/list-ordered';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Quote from 'lucide-react/icons/quote';
import Redo2 from 'lucide-react/icons/redo-2';
import Undo2 from 'lucide-react/icons/undo-2';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FieldError } from '~/components/form-fields';
import { cn } from '~/lib/cn';
import '~/components/prose.css';
import { EditorLabel } from './editor-label';
import { markdownExtensions } from './extensions';
import {
  EditorLinkDialog,
  ImageDialog,
  type ImageRequest,
  type LinkRequest,
  linkRequestOf,
} from './insert-dialogs';
import { ToolButton, useToolbarState } from './toolbar';

export const SOURCE_ONLY_NOTICE =
  'Ce contenu contient des éléments que l’éditeur visuel ne sait pas afficher (un tableau, du HTML) : il reste en Markdown pour ne rien perdre.';

/** Every word of `source` is still in `roundTrip` (as often): the visual editor loses nothing. */
export function keepsEveryWord(source: string, roundTrip: string): boolean {
  const counts = new Map<string, number>();
  for (const word of roundTrip.match(/[\p{L}\p{N}]+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const word of source.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const left = counts.get(word) ?? 0;
    if (left === 0) return false;
    counts.set(word, left - 1);
  }
  return true;
}

const imageFile = (files: FileList | null | undefined) =>
  Array.from(files ?? []).find((file) => file.type.startsWith('image/'));

/** The visual editor's attributes (its name, its error) and its handling of an image pasted or dropped. */
function visualEditorProps({
  id,
  error,
  compact,
  onImageFile,
}: {
  id: string;
  error: string | undefined;
  compact: boolean;
  onImageFile: (file: File) => void;
}) {
  return {
    attributes: {
      id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': `${id}-label`,
      ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      class: cn(
        'prose max-w-none px-4 py-3 text-base focus:outline-none [&_img]:rounded-lg [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-brand-700',
        compact ? 'min-h-40' : 'min-h-72',
      ),
    },
    handlePaste: (_view: unknown, event: ClipboardEvent) => {
      const file = imageFile(event.clipboardData?.files);
      if (!file) return false;
      onImageFile(file);
      return true;
    },
    handleDrop: (_view: unknown, event: DragEvent) => {
      const file = imageFile(event.dataTransfer?.files);
      if (!file) return false;
      event.preventDefault();
      onImageFile(file);
      return true;
    },
  };
}

/** A selected image is replaced (its alt text edited); anything else selected is kept. */
function insertImage(editor: Editor, image: { src: string; alt: string }) {
  if (editor.isActive('image')) editor.chain().focus().setImage(image).run();
  else
    editor.chain().focus().insertContentAt(editor.state.selection.to, { type: 'image', attrs: image }).run();
}

/** The field's label, and the switch between the visual editor and the Markdown source. */
function EditorHeader({
  id,
  label,
  editor,
  source,
  onSwitch,
}: {
  id: string;
  label: string;
  editor: Editor | null;
  source: boolean;
  onSwitch: () => void;
}) {
  return (
    <div className="flex items-end justify-between gap-2">
      {source ? (
        <label htmlFor={`${id}-source`} className="text-sm font-medium text-gray-900">
          {label} (Markdown)
        </label>
      ) : (
        <EditorLabel id={`${id}-label`} editor={editor}>
          {label}
        </EditorLabel>
      )}
      <button
        type="button"
        aria-pressed={source}
        disabled={!editor}
        onClick={onSwitch}
        className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-700 hover:bg-gray-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 disabled:opacity-50"
      >
        <Code2 className="size-4" aria-hidden="true" />
        Markdown
      </button>
    </div>
  );
}

export type MarkdownEditorProps = {
  label: string;
  value: string;
  onChange: (markdown: string) => void;
  onBlur?: () => void;
  error?: string;
  placeholder?: string;
  /** Shown beside the Markdown source: what readers will get. */
  sourcePreview?: (markdown: string) => ReactNode;
  /** In a dialog (a case study): a shorter text area, and a toolbar that scrolls with it. */
  compact?: boolean;
};

export function MarkdownEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  placeholder,
  sourcePreview,
  compact = false,
}: MarkdownEditorProps) {
  const id = useId();
  const [mode, setMode] = useState<'visual' | 'source'>('visual');
  const [notice, setNotice] = useState<string | null>(null);
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null);
  const [imageRequest, setImageRequest] = useState<ImageRequest | null>(null);
  // The Markdown this editor last gave the form: a different value comes from outside (a reset).
  const emitted = useRef(value);
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };

  // Stable options: Tiptap compares them on each render and applies any that changed.
  const [initialValue] = useState(value);
  const extensions = useMemo(() => markdownExtensions({ placeholder }), [placeholder]);
  const editorProps = useMemo(
    () =>
      visualEditorProps({
        id,
        error,
        compact,
        onImageFile: (file) => setImageRequest({ src: null, alt: '', file }),
      }),
    [id, error, compact],
  );

  const editor = useEditor({
    extensions,
    content: initialValue,
    contentType: 'markdown',
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps,
    onCreate: ({ editor: created }) => {
      if (!keepsEveryWord(initialValue, created.getMarkdown())) {
        setMode('source');
        setNotice(SOURCE_ONLY_NOTICE);
      }
    },
    onUpdate: ({ editor: changed }) => {
      // Empty paragraphs at the end (the one the editor keeps after a last heading or image, written
      // `&nbsp;` when there are several) are not content.
      const markdown = changed.getMarkdown().replace(/(\s|&nbsp;)+$/, '');
      emitted.current = markdown;
      callbacks.current.onChange(markdown);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  // The form's value changed from outside (saved and normalised, reset): the editor follows.
  useEffect(() => {
    if (!editor || mode !== 'visual' || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false });
  }, [editor, mode, value]);

  const toVisual = () => {
    if (!editor) return;
    editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false });
    if (!keepsEveryWord(value, editor.getMarkdown())) {
      setNotice(SOURCE_ONLY_NOTICE);
      return;
    }
    emitted.current = value;
    setNotice(null);
    setMode('visual');
    editor.commands.focus('end');
  };

  const openLink = () => setLinkRequest(linkRequestOf(editor));

  const openImage = () => {
    if (!editor) return;
    const selected = editor.isActive('image') ? editor.getAttributes('image') : null;
    setImageRequest({ src: selected?.src ?? null, alt: selected?.alt ?? '', file: null });
  };

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <EditorHeader
        id={id}
        label={label}
        editor={editor}
        source={mode === 'source'}
        onSwitch={() => (mode === 'source' ? toVisual() : setMode('source'))}
      />
      <div
        className={cn(
          'min-w-0 rounded-lg border bg-white',
          error ? 'border-red-600' : 'border-gray-300 focus-within:border-brand-700',
        )}
      >
        <Toolbar
          editor={editor}
          source={mode === 'source'}
          sticky={!compact}
          onLink={openLink}
          onImage={openImage}
        />
        {notice ? (
          <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {notice}
          </p>
        ) : null}
        <div hidden={mode === 'source'}>
          <EditorContent editor={editor} />
        </div>
        {mode === 'source' ? (
          <div className="grid gap-4 p-3 lg:grid-cols-2">
            <textarea
              id={`${id}-source`}
              rows={22}
              spellCheck
              value={value}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="block min-h-72 w-full resize-y rounded-md border border-gray-300 px-3 py-2 font-mono text-sm text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30"
            />
            {sourcePreview?.(value)}
          </div>
        ) : null}
      </div>
      <FieldError id={id} error={error} />
      <EditorLinkDialog editor={editor} request={linkRequest} onClose={() => setLinkRequest(null)} />
      <ImageDialog
        request={imageRequest}
        onClose={() => setImageRequest(null)}
        onInsert={(image) => {
          if (editor) insertImage(editor, image);
          setImageRequest(null);
        }}
      />
    </div>
  );
}

type Action = {
  label: string;
  icon: typeof Bold;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
};

/**
 * A format the toolbar turns on and off: `toggle` applies it to the selection; it is on where the
 * editor has the node or mark `name` (with these `attributes`).
 */
const format = (
  label: string,
  icon: typeof Bold,
  toggle: (chain: ChainedCommands) => ChainedCommands,
  name: string,
  attributes?: Record<string, unknown>,
): Action => ({
  label,
  icon,
  run: (e) => toggle(e.chain().focus()).run(),
  active: (e) => e.isActive(name, attributes),
});

const FORMATS: Action[] = [
  format('Intertitre', Heading2, (chain) => chain.toggleHeading({ level: 2 }), 'heading', { level: 2 }),
  format('Sous-intertitre', Heading3, (chain) => chain.toggleHeading({ level: 3 }), 'heading', { level: 3 }),
  format('Gras', Bold, (chain) => chain.toggleBold(), 'bold'),
  format('Italique', Italic, (chain) => chain.toggleItalic(), 'italic'),
  format('Liste à puces', List, (chain) => chain.toggleBulletList(), 'bulletList'),
  format('Liste numérotée', ListOrdered, (chain) => chain.toggleOrderedList(), 'orderedList'),
  format('Citation', Quote, (chain) => chain.toggleBlockquote(), 'blockquote'),
];

/** The quote call to action (decision 072): its own paragraph, a link the site draws as a button. */
export const CALL_TO_ACTION = { href: '/contact#devis', text: 'Demander un devis gratuit' } as const;

const CTA: Action = {
  label: 'Appel à l’action (devis)',
  icon: MousePointerClick,
  // After what is selected (an image just inserted, a sentence), never in its place.
  run: (e) =>
    e
      .chain()
      .focus()
      .insertContentAt(e.state.selection.to, [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: CALL_TO_ACTION.text,
              marks: [{ type: 'link', attrs: { href: CALL_TO_ACTION.href } }],
            },
          ],
        },
      ])
      .run(),
};

const HISTORY: Action[] = [
  { label: 'Défaire', icon: Undo2, run: (e) => e.chain().focus().undo().run() },
  { label: 'Refaire', icon: Redo2, run: (e) => e.chain().focus().redo().run() },
];

function Toolbar({
  editor,
  source,
  onLink,
  onImage,
  sticky,
}: {
  editor: Editor | null;
  source: boolean;
  sticky: boolean;
  onLink: () => void;
  onImage: () => void;
}) {
  const state = useToolbarState(editor, (current) => ({
    active: FORMATS.map((action) => action.active?.(current) ?? false),
    link: current.isActive('link'),
    image: current.isActive('image'),
    canUndo: current.can().undo(),
    canRedo: current.can().redo(),
  }));
  const off = !editor || source;
  const tool = (action: Action, pressed: boolean | undefined, disabled = false) => (
    <ToolButton
      key={action.label}
      label={action.label}
      icon={action.icon}
      pressed={pressed}
      disabled={off || disabled}
      onClick={() => editor && action.run(editor)}
    />
  );
  return (
    <div
      role="toolbar"
      aria-label="Mise en forme"
      // Under the phone's top bar (h-14) while the text scrolls; no top bar from 1024 px.
      className={cn(
        'flex flex-wrap items-center gap-0.5 rounded-t-lg border-b border-gray-200 bg-gray-50/95 p-1 backdrop-blur',
        sticky && 'sticky top-14 z-10 lg:top-0',
      )}
    >
      {FORMATS.map((action, index) => tool(action, state?.active[index] ?? false))}
      {tool({ label: 'Lien', icon: Link2, run: onLink }, state?.link ?? false)}
      {tool({ label: state?.image ? 'Modifier l’image' : 'Image', icon: ImagePlus, run: onImage }, undefined)}
      {tool(CTA, undefined)}
      {HISTORY.map((action, index) =>
        tool(action, undefined, index === 0 ? !state?.canUndo : !state?.canRedo),
      )}
    </div>
  );
}
