/**
 * The "Prénom" chip (docs/decisions/073-campaign-composer.md): an inline, atomic Tiptap node the
 * admin inserts instead of typing a variable. It carries the words written when a subscriber gave
 * no first name; the server turns it into the Mustache sections (server/campaigns/compose.ts).
 */
import { mergeAttributes, Node } from '@tiptap/core';
import { FIRST_NAME_LABEL } from './first-name';

/** What makes a chip of the composer (this one, a template's variable): inline, atomic, selectable. */
export const chipNode = { group: 'inline', inline: true, atom: true, selectable: true } as const;

/** A chip's look in the editor: a green pill, outlined while selected. */
export const chipClass =
  'mx-0.5 inline-flex items-center rounded-full bg-brand-100 px-2 py-0.5 align-baseline text-[0.9em] font-semibold text-brand-900 [&.ProseMirror-selectednode]:outline-2 [&.ProseMirror-selectednode]:outline-brand-700';

export const FirstNameChip = Node.create({
  name: 'firstName',
  ...chipNode,
  addAttributes() {
    return {
      fallback: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-fallback') ?? '',
        renderHTML: (attributes) => ({ 'data-fallback': attributes.fallback as string }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-first-name]' }];
  },
  renderHTML({ HTMLAttributes, node }) {
    const fallback = node.attrs.fallback as string;
    return [
      'span',
      mergeAttributes(HTMLAttributes, {
        'data-first-name': '',
        title: fallback ? `Prénom de l’abonné, sinon « ${fallback} »` : 'Prénom de l’abonné',
        class: chipClass,
      }),
      FIRST_NAME_LABEL,
    ];
  },
  renderText() {
    return FIRST_NAME_LABEL;
  },
});
