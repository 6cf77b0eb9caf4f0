/**
 * A template's subject (docs/decisions/103-template-composer.md) as the composer shows it: text
 * and chips, never a `{{`. A chip names one of the template's variables; the words a Mustache
 * section writes only when the variable has a value ("Bienvenue{{#firstName}}, {{firstName}}{{/firstName}} !")
 * travel with the chip as its `before` and `after`, so the subject is written back exactly as it
 * was read. Without Tiptap: the template list shows subjects without loading the editor.
 */
import type { RichText } from '#common/schemas/campaign-blocks.ts';
import { variableLabel } from './first-name';

export type SubjectNode =
  | { type: 'text'; text: string }
  | { type: 'variable'; attrs: { name: string; before?: string; after?: string } };

const VARIABLE_IN_SUBJECT =
  /\{\{#([a-zA-Z][a-zA-Z0-9_]*)\}\}([^{}]*)\{\{\1\}\}([^{}]*)\{\{\/\1\}\}|\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g;

/**
 * The subject's text and chips, in order; null when the subject holds more than chips can say (a
 * section around other tags, an inverted section): it is then edited in the MJML editor.
 */
export function subjectNodes(subject: string): SubjectNode[] | null {
  const nodes: SubjectNode[] = [];
  let last = 0;
  for (const match of subject.matchAll(VARIABLE_IN_SUBJECT)) {
    if (match.index > last) nodes.push({ type: 'text', text: subject.slice(last, match.index) });
    const [, section, before, after, plain] = match;
    nodes.push(
      section
        ? { type: 'variable', attrs: { name: section, before: before ?? '', after: after ?? '' } }
        : { type: 'variable', attrs: { name: plain ?? '' } },
    );
    last = match.index + match[0].length;
  }
  if (last < subject.length) nodes.push({ type: 'text', text: subject.slice(last) });
  return nodes.some((node) => node.type === 'text' && /[{}]/.test(node.text)) ? null : nodes;
}

/**
 * Any subject read aloud without a brace, for showing only: a variable is its chip (with the words
 * written only with it); in a subject with conditions, a section says when its words are written
 * ("si moved :", "sinon :").
 */
export function subjectReading(subject: string): Array<{ text: string; chip: boolean }> {
  const nodes = subjectNodes(subject);
  if (nodes) {
    return nodes.map((node) =>
      node.type === 'text'
        ? { text: node.text, chip: false }
        : {
            text: `${node.attrs.before ?? ''}${variableLabel(node.attrs.name)}${node.attrs.after ?? ''}`,
            chip: true,
          },
    );
  }
  const parts: Array<{ text: string; chip: boolean }> = [];
  let last = 0;
  for (const match of subject.matchAll(/\{\{\{?\s*([#^/]?)\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}?\}\}/g)) {
    if (match.index > last) parts.push({ text: subject.slice(last, match.index), chip: false });
    const [, sigil, name = ''] = match;
    if (sigil === '#') parts.push({ text: `si ${variableLabel(name)} :`, chip: true });
    else if (sigil === '^') parts.push({ text: `sinon :`, chip: true });
    else if (sigil !== '/') parts.push({ text: variableLabel(name), chip: true });
    last = match.index + match[0].length;
  }
  if (last < subject.length) parts.push({ text: subject.slice(last), chip: false });
  return parts;
}

/** The subject as the chip editor's one paragraph. */
export function templateSubjectToDoc(subject: string): RichText {
  const content = subjectNodes(subject) ?? [{ type: 'text', text: subject }];
  return {
    type: 'doc',
    content: [content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' }],
  } as unknown as RichText;
}

/** Braces typed in the subject's text would open a Mustache tag: they are left out. */
const plainWords = (text: string) => text.replace(/[{}\r\n]/g, '');

/** The chip editor's paragraph written back as the subject's Mustache. */
export function docToTemplateSubject(doc: RichText): string {
  const nodes = (
    doc.content as unknown as { content?: Array<SubjectNode | { type: 'hardBreak' }> }[]
  ).flatMap((paragraph) => paragraph.content ?? []);
  return nodes
    .map((node) => {
      if (node.type === 'text') return plainWords(node.text);
      if (node.type !== 'variable') return ' ';
      const { name, before = '', after = '' } = node.attrs;
      return before || after
        ? `{{#${name}}}${plainWords(before)}{{${name}}}${plainWords(after)}{{/${name}}}`
        : `{{${name}}}`;
    })
    .join('');
}
