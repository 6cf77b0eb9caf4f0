/**
 * The composer's text: a small Tiptap editor that writes the JSON of common/schemas/campaign-blocks.ts.
 * - `paragraph`: paragraphs with bold, italic, links (the addresses an email may hold) and the
 *   "Prénom" chip;
 * - `line`: one line with the chip only (a heading, the subject).
 * A chip is inserted with its button; clicking a chip, or inserting one, shows the words used
 * when a subscriber gave no first name, editable under the text.
 */
import type { Editor } from '@tiptap/core';
import { Extension } from '@tiptap/core';
import Document from '@tiptap/extension-document';
import { Placeholder } from '@tiptap/extensions';
import { NodeSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Italic from 'lucide-react/icons/italic';
import Bold from 'lucide-react/icons/letter-b';
import Link2 from 'lucide-react/icons/link-2';
import UserRound from 'lucide-react/icons/user-round';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { isEmailHref, type RichText } from '#common/schemas/campaign-blocks.ts';
import { FieldError } from '~/components/form-fields';
import { cn } from '~/lib/cn';
import { EditorLabel } from '../../rich-text/editor-label';
import { EditorLinkDialog, type LinkRequest, linkRequestOf } from '../../rich-text/insert-dialogs';
import { ToolButton, useToolbarState } from '../../rich-text/toolbar';
import { cleanFallback, FIRST_NAME_LABEL, variableLabel } from './first-name';
import { FirstNameChip } from './first-name-chip';
import { VariableChip } from './variable-chip';

type Variant = 'paragraph' | 'line';

/** Enter does nothing in a one-line text (a heading, a subject). */
const SingleLine = Extension.create({
  name: 'singleLine',
  // biome-ignore lint/correctness/noComponentHookFactories: key names, not React components.
  addKeyboardShortcuts: () => ({ Enter: () => true, 'Shift-Enter': () => true, 'Mod-Enter': () => true }),
});

const OFF = {
  blockquote: false,
  bulletList: false,
  orderedList: false,
  listItem: false,
  listKeymap: false,
  code: false,
  codeBlock: false,
  heading: false,
  horizontalRule: false,
  strike: false,
  underline: false,
  trailingNode: false,
  dropcursor: false,
  gapcursor: false,
} as const;

function extensionsFor(variant: Variant, placeholder: string | undefined, withVariables: boolean) {
  const chip = withVariables ? VariableChip : FirstNameChip;
  const common = [chip, ...(placeholder ? [Placeholder.configure({ placeholder })] : [])];
  if (variant === 'line') {
    return [
      StarterKit.configure({
        ...OFF,
        bold: false,
        italic: false,
        link: false,
        hardBreak: false,
        document: false,
      }),
      Document.extend({ content: 'paragraph' }),
      SingleLine,
      ...common,
    ];
  }
  return [
    StarterKit.configure({
      ...OFF,
      link: {
        openOnClick: false,
        autolink: false,
        isAllowedUri: (url) => isEmailHref(url),
        HTMLAttributes: { rel: null, target: null, class: null },
      },
    }),
    ...common,
  ];
}

/**
 * The same document, whoever wrote it: Tiptap writes every attribute of a node (an unset one as
 * null or ''), the forms' values only those that are set.
 */
const canonical = (doc: RichText) =>
  JSON.stringify(doc, (key, value: unknown) =>
    key === 'attrs' && value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, attribute]) => attribute !== null && attribute !== '' && attribute !== false)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );
const sameDoc = (a: RichText, b: RichText) => canonical(a) === canonical(b);

export type ChipTextEditorProps = {
  label: string;
  value: RichText;
  onChange: (doc: RichText) => void;
  onBlur?: () => void;
  variant: Variant;
  error?: string;
  placeholder?: string;
  /** Larger type, as the heading reads in the email. */
  emphasis?: boolean;
  /**
   * A template's declared variables: its chips then name one of them ("Insérer une variable")
   * instead of being the campaign's first name.
   */
  variables?: readonly VariableOption[];
};

export function ChipTextEditor({
  label,
  value,
  onChange,
  onBlur,
  variant,
  error,
  placeholder,
  emphasis,
  variables,
}: ChipTextEditorProps) {
  const id = useId();
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };
  const emitted = useRef(value);
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null);
  /** The chip whose fallback is being edited: where it is in the document. */
  const [chipAt, setChipAt] = useState<number | null>(null);

  const withVariables = variables !== undefined;
  const extensions = useMemo(
    () => extensionsFor(variant, placeholder, withVariables),
    [variant, placeholder, withVariables],
  );
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': variant === 'paragraph' ? 'true' : 'false',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        class: cn(
          'w-full px-3 py-2.5 text-base text-gray-900 focus:outline-none [&_p]:my-0 [&_p+p]:mt-3 [&_a]:text-brand-800 [&_a]:underline',
          variant === 'paragraph' && 'min-h-24',
          emphasis && 'text-xl font-bold text-brand-800',
          '[&_.is-editor-empty:first-child]:before:pointer-events-none [&_.is-editor-empty:first-child]:before:float-left [&_.is-editor-empty:first-child]:before:h-0 [&_.is-editor-empty:first-child]:before:text-gray-500 [&_.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
        ),
      },
    },
    onUpdate: ({ editor: changed }) => {
      const doc = changed.getJSON() as RichText;
      emitted.current = doc;
      callbacks.current.onChange(doc);
    },
    onSelectionUpdate: ({ editor: changed }) => {
      const { selection } = changed.state;
      if (selection instanceof NodeSelection && selection.node.type.name === 'firstName')
        setChipAt(selection.from);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  // The form's value changed from outside (a reset, a saved campaign): the editor follows.
  useEffect(() => {
    if (!editor || sameDoc(value, emitted.current)) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const insertVariable = (name: string) =>
    editor?.chain().focus().insertContent({ type: 'variable', attrs: { name } }).run();
  const chipControl = variables ? (
    <VariableMenu variables={variables} disabled={!editor} onPick={insertVariable} />
  ) : (
    <ChipButton disabled={!editor} onClick={() => insertChip()} />
  );

  const insertChip = () => {
    if (!editor) return;
    const at = editor.state.selection.from;
    editor
      .chain()
      .focus()
      .insertContent({ type: 'firstName', attrs: { fallback: '' } })
      .run();
    setChipAt(at);
  };

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <EditorLabel id={`${id}-label`} editor={editor}>
        {label}
      </EditorLabel>
      <div
        className={cn(
          'rounded-lg border bg-white focus-within:outline-2 focus-within:outline-brand-700/30',
          error ? 'border-red-600' : 'border-gray-300 focus-within:border-brand-700',
          // A line wraps its chip control under the text when the field is too narrow for both.
          variant === 'line' && 'flex flex-wrap items-center',
        )}
      >
        {variant === 'paragraph' ? (
          <TextToolbar
            editor={editor}
            onLink={() => setLinkRequest(linkRequestOf(editor))}
            chip={chipControl}
          />
        ) : null}
        <EditorContent editor={editor} className={cn('min-w-0 flex-1', variant === 'line' && 'basis-64')} />
        {variant === 'line' ? <div className="shrink-0 pr-1">{chipControl}</div> : null}
      </div>
      {editor && chipAt !== null ? (
        <FallbackField key={chipAt} editor={editor} at={chipAt} onDone={() => setChipAt(null)} />
      ) : null}
      <FieldError id={id} error={error} />
      {variant === 'paragraph' ? (
        <EditorLinkDialog
          editor={editor}
          request={linkRequest}
          allows={isEmailHref}
          onClose={() => setLinkRequest(null)}
        />
      ) : null}
    </div>
  );
}

function ChipButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      disabled={disabled}
      // The text keeps its selection: a tap must not blur the editor first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-50"
    >
      <UserRound className="size-4" aria-hidden="true" />
      <span>
        <span className="sr-only">Insérer le </span>
        {FIRST_NAME_LABEL}
      </span>
    </button>
  );
}

export type VariableOption = { name: string; description?: string };

/** "Insérer une variable": the template's variables, by their description; picking one inserts it. */
function VariableMenu({
  variables,
  disabled,
  onPick,
}: {
  variables: readonly VariableOption[];
  disabled: boolean;
  onPick: (name: string) => void;
}) {
  return (
    <select
      aria-label="Insérer une variable"
      disabled={disabled}
      value=""
      onChange={(event) => {
        if (event.target.value) onPick(event.target.value);
      }}
      className="h-9 max-w-48 min-w-0 rounded-md border-0 bg-transparent px-2 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-50"
    >
      <option value="">Insérer une variable</option>
      {variables.map((variable) => (
        <option key={variable.name} value={variable.name}>
          {variableLabel(variable.name)}
          {variable.description ? ` : ${variable.description}` : ''}
        </option>
      ))}
    </select>
  );
}

function TextToolbar({
  editor,
  onLink,
  chip,
}: {
  editor: Editor | null;
  onLink: () => void;
  chip: React.ReactNode;
}) {
  const state = useToolbarState(editor, (current) => ({
    bold: current.isActive('bold'),
    italic: current.isActive('italic'),
    link: current.isActive('link'),
  }));
  const tool = (label: string, icon: typeof Bold, pressed: boolean | undefined, run: () => void) => (
    <ToolButton label={label} icon={icon} pressed={pressed} disabled={!editor} onClick={run} />
  );
  return (
    <div
      role="toolbar"
      aria-label="Mise en forme"
      className="flex flex-wrap items-center gap-0.5 rounded-t-lg border-b border-gray-200 bg-gray-50 p-1"
    >
      {tool('Gras', Bold, state?.bold ?? false, () => editor?.chain().focus().toggleBold().run())}
      {tool('Italique', Italic, state?.italic ?? false, () => editor?.chain().focus().toggleItalic().run())}
      {tool('Lien', Link2, state?.link ?? false, onLink)}
      {chip}
    </div>
  );
}

/** The words written instead of the first name, for the chip at `at`. */
function FallbackField({ editor, at, onDone }: { editor: Editor; at: number; onDone: () => void }) {
  const id = useId();
  const node = editor.state.doc.nodeAt(at);
  const [words, setWords] = useState(() => (node?.attrs.fallback as string | undefined) ?? '');
  if (node?.type.name !== 'firstName') return null;
  const save = (next: string) => {
    const clean = cleanFallback(next);
    setWords(clean);
    editor.view.dispatch(editor.state.tr.setNodeMarkup(at, undefined, { ...node.attrs, fallback: clean }));
  };
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm">
      <label htmlFor={id} className="text-gray-800">
        Sans prénom connu, écrire
      </label>
      <input
        id={id}
        value={words}
        maxLength={40}
        placeholder="rien"
        onChange={(event) => save(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onDone();
            editor.commands.focus();
          }
        }}
        className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-2 py-1 text-base focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30 sm:max-w-56"
      />
      <button
        type="button"
        onClick={() => {
          onDone();
          editor.commands.focus();
        }}
        className="rounded-md px-2 py-1 font-medium text-brand-800 hover:bg-brand-100"
      >
        OK
      </button>
    </div>
  );
}
