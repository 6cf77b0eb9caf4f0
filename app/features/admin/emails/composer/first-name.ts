/**
 * The "Prénom" chip (docs/decisions/073-campaign-composer.md): an inline, atomic Tiptap node the
 * admin inserts instead of typing a variable. It carries the words written when a subscriber gave
 * no first name; the server turns it into the Mustache sections (server/campaigns/compose.ts).
 *
 * A subject is one line of text, stored as a string: the chip is written there as the same
 * Mustache sections, and read back from them, so the admin never sees a `{{`.
 */
import { mergeAttributes, Node } from '@tiptap/core';
import type { InlineNode, RichText } from '#common/schemas/campaign-blocks.ts';

export const FIRST_NAME_LABEL = 'Prénom';

/** Braces would open a Mustache tag in a subject: the fallback words are kept without them. */
export const cleanFallback = (words: string) => words.replace(/[{}\r\n]/g, '');

export const FirstNameChip = Node.create({
  name: 'firstName',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
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
        title: fallback ? `Prénom de l'abonné, sinon « ${fallback} »` : "Prénom de l'abonné",
        class:
          'mx-0.5 inline-flex items-center rounded-full bg-brand-100 px-2 py-0.5 align-baseline text-[0.9em] font-semibold text-brand-900 [&.ProseMirror-selectednode]:outline-2 [&.ProseMirror-selectednode]:outline-brand-700',
      }),
      FIRST_NAME_LABEL,
    ];
  },
  renderText() {
    return FIRST_NAME_LABEL;
  },
});

// ---- subjects: a string with Mustache sections <-> one paragraph of text and chips ---------------

const CHIP_IN_SUBJECT =
  /\{\{#firstName\}\}\{\{firstName\}\}\{\{\/firstName\}\}(?:\{\{\^firstName\}\}([^{}]*)\{\{\/firstName\}\})?|\{\{\s*firstName\s*\}\}/g;

export function subjectToDoc(subject: string): RichText {
  const content: InlineNode[] = [];
  let last = 0;
  for (const match of subject.matchAll(CHIP_IN_SUBJECT)) {
    if (match.index > last) content.push({ type: 'text', text: subject.slice(last, match.index) });
    content.push({ type: 'firstName', attrs: { fallback: match[1] ?? '' } });
    last = match.index + match[0].length;
  }
  if (last < subject.length) content.push({ type: 'text', text: subject.slice(last) });
  return {
    type: 'doc',
    content: [content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' }],
  };
}

export function docToSubject(doc: RichText): string {
  return doc.content
    .flatMap((paragraph) => paragraph.content ?? [])
    .map((node) => {
      if (node.type === 'text') return node.text;
      if (node.type === 'hardBreak') return ' ';
      const fallback = cleanFallback(node.attrs.fallback);
      return `{{#firstName}}{{firstName}}{{/firstName}}${fallback ? `{{^firstName}}${fallback}{{/firstName}}` : ''}`;
    })
    .join('');
}
