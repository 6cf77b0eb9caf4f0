/**
 * A template's variable as a chip (docs/decisions/103-template-composer.md): an inline, atomic
 * Tiptap node naming one of the template's declared variables, written `{{name}}` by the server
 * (server/email/template-blocks.ts). The first name reads "Prénom", as in the campaigns.
 */
import { variableLabel } from './first-name';
import { createChip, dataAttribute } from './first-name-chip';

const chipText = (attrs: Record<string, unknown>) =>
  `${(attrs.before as string) ?? ''}${variableLabel(attrs.name as string)}${(attrs.after as string) ?? ''}`;

export const VariableChip = createChip({
  name: 'variable',
  marker: 'data-variable',
  attributes: {
    name: dataAttribute('name', 'data-variable'),
    link: { default: null, rendered: false },
    // A subject's words written only when the variable has a value (", " before a first name).
    before: { default: '', rendered: false },
    after: { default: '', rendered: false },
  },
  text: chipText,
});
