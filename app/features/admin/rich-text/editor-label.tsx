/** The name of a Tiptap editor: the textbox's aria-labelledby target, focusing the text on a click. */
import type { Editor } from '@tiptap/core';
import type { ReactNode } from 'react';

export function EditorLabel({
  id,
  editor,
  children,
}: {
  id: string;
  editor: Editor | null;
  children: ReactNode;
}) {
  return (
    // A contenteditable cannot be a label's control: clicking the name focuses the text.
    // biome-ignore lint/a11y/noStaticElementInteractions: the textbox is named by aria-labelledby; this is a convenience for the mouse.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users reach the textbox by Tab.
    <span id={id} className="text-sm font-medium text-gray-900" onClick={() => editor?.commands.focus()}>
      {children}
    </span>
  );
}
