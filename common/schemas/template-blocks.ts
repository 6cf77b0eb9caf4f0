/**
 * A transactional email template written with blocks (docs/decisions/103-template-composer.md).
 * The blocks are the white card of the email; the rest of the template (head, banner, footer) is
 * its `layout`, MJML holding the marker TEMPLATE_BLOCKS_MARKER where the card's lines go. The
 * server writes the blocks as MJML (server/email/template-blocks.ts) and keeps both: the MJML is
 * still what is compiled and sent, and an expert may switch to it.
 *
 * Unlike a campaign, a template carries more variables than the first name (links, the lead's
 * fields, the call's time...): an inline `variable` node is a chip naming one of the template's
 * declared variables. A part of the card the composer cannot express (a table, a section shown
 * only when a variable is set, raw HTML) stays an `mjml` block: shown, kept as written, edited
 * only in the MJML editor.
 */
import { z } from 'zod';
import { EmailHrefSchema, MarkSchema } from './campaign-blocks.ts';
import { requiredLine, tooLong } from './fields.ts';

/** Where the blocks go in a template's layout. */
export const TEMPLATE_BLOCKS_MARKER = '<!-- template-blocks -->';

export const VARIABLE_NAME = /^[a-zA-Z][a-zA-Z0-9_]*$/;

const variableName = z.string().regex(VARIABLE_NAME, { error: 'Nom de variable invalide' });

/**
 * A variable of the template. `link`: written as a link to itself (the confirmation address
 * written out under its button). A variable right after a space takes the space with it, so an
 * empty optional value ("Bonjour {{firstName}},") leaves no stray space behind.
 */
export const VariableNodeSchema = z.object({
  type: z.literal('variable'),
  attrs: z.object({ name: variableName, link: z.boolean().optional() }),
});

const InlineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().min(1).max(10_000, tooLong(10_000)),
    marks: z.array(MarkSchema).max(3).optional(),
  }),
  VariableNodeSchema,
  z.object({ type: z.literal('hardBreak') }),
]);
export type TemplateInline = z.infer<typeof InlineSchema>;

export const TemplateTextSchema = z.object({
  type: z.literal('doc'),
  content: z
    .array(z.object({ type: z.literal('paragraph'), content: z.array(InlineSchema).max(1_000).optional() }))
    .min(1)
    .max(200),
});
export type TemplateText = z.infer<typeof TemplateTextSchema>;

const blockId = z.string().max(40).optional();

export const TemplateBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ id: blockId, type: z.literal('heading'), text: TemplateTextSchema }),
    z.object({ id: blockId, type: z.literal('paragraph'), text: TemplateTextSchema }),
    /** Small grey print: the link's validity, "you did not ask for this?". */
    z.object({ id: blockId, type: z.literal('note'), text: TemplateTextSchema }),
    z.object({
      id: blockId,
      type: z.literal('button'),
      label: requiredLine('Indiquez le texte du bouton', 1, 60),
      /** An address, a path of the site, or one of the template's link variables. */
      url: z.union([z.object({ variable: variableName }), z.object({ href: EmailHrefSchema })]),
    }),
    z.object({ id: blockId, type: z.literal('divider') }),
    /** MJML the composer cannot express, kept as written (edited in the MJML editor only). */
    z.object({ id: blockId, type: z.literal('mjml'), mjml: z.string().min(1).max(50_000) }),
  ],
  { error: 'Type de bloc inconnu' },
);
export type TemplateBlock = z.infer<typeof TemplateBlockSchema>;

export const TemplateBlocksSchema = z.object({
  layout: z
    .string()
    .max(100_000)
    .refine((layout) => layout.split(TEMPLATE_BLOCKS_MARKER).length === 2, {
      error: 'La mise en page du modèle est invalide',
    }),
  blocks: z.array(TemplateBlockSchema).min(1, { error: 'Ajoutez au moins un bloc' }).max(60),
});
export type TemplateBlocks = z.infer<typeof TemplateBlocksSchema>;

/** Every variable the blocks use, in order of appearance (each once). */
export function blockVariables(blocks: readonly TemplateBlock[]): string[] {
  const names = new Set<string>();
  for (const block of blocks) {
    if (block.type === 'button' && 'variable' in block.url) names.add(block.url.variable);
    if (block.type === 'heading' || block.type === 'paragraph' || block.type === 'note') {
      for (const paragraph of block.text.content) {
        for (const node of paragraph.content ?? []) {
          if (node.type === 'variable') names.add(node.attrs.name);
        }
      }
    }
    if (block.type === 'mjml') {
      for (const match of block.mjml.matchAll(/\{\{\{?[#^/]?\s*([a-zA-Z][a-zA-Z0-9_]*)/g)) {
        if (match[1]) names.add(match[1]);
      }
    }
  }
  return [...names];
}
