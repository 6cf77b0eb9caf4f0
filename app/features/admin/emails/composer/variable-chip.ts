/**
 * A template's variable as a chip (docs/decisions/103-template-composer.md): an inline, atomic
 * Tiptap node naming one of the template's declared variables, written `{{name}}` by the server
 * (server/email/template-blocks.ts). The first name reads "Prénom", as in the campaigns.
 */
import { mergeAttributes, Node } from '@tiptap/core';
import { variableLabel } from './first-name';
import { chipClass, chipNode } from './first-name-chip';

const chipText = (attrs: Record<string, unknown>) =>
  `${(attrs.before as string) ?? ''}${variableLabel(attrs.name as string)}${(attrs.after as string) ?? ''}`;

export const VariableChip = Node.create({
  name: 'variable',
  ...chipNode,
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
        class: chipClass,
      }),
      chipText(node.attrs),
    ];
  },
  renderText({ node }) {
    return chipText(node.attrs);
  },
});
