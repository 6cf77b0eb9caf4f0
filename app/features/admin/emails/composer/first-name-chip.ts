/**
 * The "Prénom" chip (docs/decisions/073-campaign-composer.md): an inline, atomic Tiptap node the
 * admin inserts instead of typing a variable. It carries the words written when a subscriber gave
 * no first name; the server turns it into the Mustache sections (server/campaigns/compose.ts).
 */
import { type Attribute, mergeAttributes, Node } from '@tiptap/core';
import { FIRST_NAME_LABEL } from './first-name';

/** A chip's look in the editor: a green pill, outlined while selected. */
const chipClass =
  'mx-0.5 inline-flex items-center rounded-full bg-brand-100 px-2 py-0.5 align-baseline text-[0.9em] font-semibold text-brand-900 [&.ProseMirror-selectednode]:outline-2 [&.ProseMirror-selectednode]:outline-brand-700';

/**
 * A chip's text attribute `name`, written on its span as `dataName` and read back from it (a copy
 * and paste keeps it); empty when the span has none.
 */
export const dataAttribute = (name: string, dataName: string) => ({
  default: '',
  parseHTML: (element: HTMLElement) => element.getAttribute(dataName) ?? '',
  renderHTML: (attributes: Record<string, unknown>) => ({ [dataName]: attributes[name] as string }),
});

/**
 * A chip of the composer (this one, a template's variable): an inline, atomic, selectable node,
 * drawn as a pill that reads `text`, on a span recognised in HTML by its `marker` attribute.
 * `spanAttributes` are the span's own, besides those its attributes render.
 */
export function createChip({
  name,
  marker,
  attributes,
  text,
  spanAttributes,
}: {
  name: string;
  marker: string;
  attributes: Record<string, Attribute>;
  text: (attrs: Record<string, unknown>) => string;
  spanAttributes?: (attrs: Record<string, unknown>) => Record<string, string>;
}) {
  return Node.create({
    name,
    group: 'inline',
    inline: true,
    atom: true,
    selectable: true,
    addAttributes() {
      return attributes;
    },
    parseHTML() {
      return [{ tag: `span[${marker}]` }];
    },
    renderHTML({ HTMLAttributes, node }) {
      return [
        'span',
        mergeAttributes(HTMLAttributes, { ...spanAttributes?.(node.attrs), class: chipClass }),
        text(node.attrs),
      ];
    },
    renderText({ node }) {
      return text(node.attrs);
    },
  });
}

export const FirstNameChip = createChip({
  name: 'firstName',
  marker: 'data-first-name',
  attributes: { fallback: dataAttribute('fallback', 'data-fallback') },
  text: () => FIRST_NAME_LABEL,
  spanAttributes: ({ fallback }) => ({
    'data-first-name': '',
    title: fallback ? `Prénom de l’abonné, sinon « ${fallback} »` : 'Prénom de l’abonné',
  }),
});
