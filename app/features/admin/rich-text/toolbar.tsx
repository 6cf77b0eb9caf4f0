/**
 * The pieces of a text editor's toolbar (the blog's rich text, the composer's text): its buttons,
 * and what it shows of the editor's state.
 */
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import type { LucideIcon } from 'lucide-react';
import { IconButton } from '../kit/icon-button';

/**
 * What the toolbar reads of the editor (the formats on at the cursor, what can be undone), read
 * again as the editor changes; null while there is no editor.
 */
export function useToolbarState<T>(editor: Editor | null, read: (editor: Editor) => T) {
  return useEditorState({ editor, selector: ({ editor: current }) => (current ? read(current) : null) });
}

/**
 * A button of the toolbar: an icon, pressed while its format is on. The text keeps its selection:
 * a tap on the toolbar does not blur it first.
 */
export function ToolButton({
  label,
  icon: Icon,
  pressed,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  pressed: boolean | undefined;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <IconButton
      label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="size-9 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
    >
      <Icon className="size-4" aria-hidden="true" />
    </IconButton>
  );
}
