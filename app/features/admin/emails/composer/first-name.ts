/**
 * The "Prénom" chip (docs/decisions/073-campaign-composer.md) outside the editor: its label, and
 * the subject, one line of text stored as a string, where the chip is written as Mustache sections
 * and read back from them, so the admin never sees a `{{`. Without Tiptap, so that the campaign
 * list and the campaign's page show subjects without loading the editor (first-name-chip.ts).
 */
import type { InlineNode, RichText } from '#common/schemas/campaign-blocks.ts';

export const FIRST_NAME_LABEL = 'Prénom';

/** Braces would open a Mustache tag in a subject: the fallback words are kept without them. */
export const cleanFallback = (words: string) => words.replace(/[{}\r\n]/g, '');

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

/** A template variable's chip label: "Prénom" for the first name, else its name. */
export const variableLabel = (name: string) => (name === 'firstName' ? FIRST_NAME_LABEL : name);
