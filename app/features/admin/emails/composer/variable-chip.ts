/**
 * A template's variable as a chip (docs/decisions/103-template-composer.md): an inline, atomic
 * Tiptap node naming one of the template's declared variables, written `{{name}}` by the server
 * (server/email/template-blocks.ts). The first name reads "Prénom", as in the campaigns.
 */
import { mergeAttributes, Node } from '@tiptap/core';
import { variableLabel } from './first-name';

const chipText = (attrs: Record<string, unknown>) =>
  `${(attrs.before as string) ?? ''}${variableLabel(attrs.name as string)}${(attrs.after as string) ?? ''}`;

export const VariableChip = Node.create({
  name: 'variable',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      name: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-variable') ?? '',
        renderHTML: (attributes) => ({ 'data-variable': attributes.name as string }),
      },
      link: { default: null, rendered: false },
      // A subject's words written only when the variable has a value (", " before a first name).
      before: { default: '', rendered: false },
      after: { default: '', rendered: false },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-variable]' }];
  },
  renderHTML({ HTMLAttributes, node }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, {
        class:
          'mx-0.5 inline-flex items-center rounded-full bg-brand-100 px-2 py-0.5 align-baseline text-[0.9em] font-semibold text-brand-900 [&.ProseMirror-selectednode]:outline-2 [&.ProseMirror-selectednode]:outline-brand-700',
      }),
      chipText(node.attrs),
    ];
  },
  renderText({ node }) {
    return chipText(node.attrs);
  },
});
