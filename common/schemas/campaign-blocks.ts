/**
 * A campaign written with the block composer (docs/decisions/073-campaign-composer.md): an ordered
 * list of blocks the server turns into MJML (server/campaigns/compose.ts), compiles once and keeps
 * with the campaign. The admin never types a variable: the first name is an inline `firstName` node
 * (a "Prénom" chip) carrying the words used when a subscriber gave no first name.
 *
 * Text blocks keep the editor's own document (ProseMirror JSON, as Tiptap gives it) reduced to
 * what an email needs: paragraphs, line breaks, bold, italic, links and the chip. Anything else is
 * refused here, so the server never meets a node it does not know how to write.
 */
import { z } from 'zod';
import {
  LINK_ADDRESS_MESSAGE,
  requiredLine,
  requiredText,
  SINGLE_LINE,
  singleLine,
  tooLong,
} from './fields.ts';
import { MEDIA_URL_PREFIX } from './media.ts';

/**
 * A link an email may hold: the web (http or https), an email address, a phone number, or a page of
 * the site written as a path ("/contact"), made absolute with the site's address when sent.
 */
export function isEmailHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('//')) return false;
  if (value.startsWith('/')) return !/\s/.test(value);
  return /^(https?:\/\/[^\s/]+[^\s]*|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\s().-]+)$/i.test(value);
}

/** A link's address in an email (a text's link, a button's, an image's): required, and isEmailHref. */
export const EmailHrefSchema = requiredText(1, 2_000, {
  missing: LINK_ADDRESS_MESSAGE,
  short: 'Indiquez l’adresse du lien',
}).refine(isEmailHref, { error: LINK_ADDRESS_MESSAGE });

/** The marks of an email's text, in a campaign's blocks as in a template's: bold, italic, a link. */
export const MarkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('link'), attrs: z.object({ href: EmailHrefSchema }) }),
]);

const TextNodeSchema = z.object({
  type: z.literal('text'),
  text: z.string().min(1).max(10_000, tooLong(10_000)),
  marks: z.array(MarkSchema).max(3).optional(),
});

/** Words shown instead of the first name when a subscriber gave none ("" shows nothing). */
export const FIRST_NAME_FALLBACK_MAX = 40;
export const FirstNameNodeSchema = z.object({
  type: z.literal('firstName'),
  attrs: z
    .object({
      fallback: z
        .string()
        .trim()
        .max(FIRST_NAME_FALLBACK_MAX, tooLong(FIRST_NAME_FALLBACK_MAX))
        .regex(SINGLE_LINE, singleLine)
        .default(''),
    })
    .default({ fallback: '' }),
});
export type FirstNameNode = z.infer<typeof FirstNameNodeSchema>;

const InlineSchema = z.discriminatedUnion('type', [
  TextNodeSchema,
  FirstNameNodeSchema,
  z.object({ type: z.literal('hardBreak') }),
]);
export type InlineNode = z.infer<typeof InlineSchema>;

const ParagraphSchema = z.object({
  type: z.literal('paragraph'),
  content: z.array(InlineSchema).max(1_000).optional(),
});

/** The document of a text block: paragraphs of text, line breaks, marks and chips. */
export const RichTextSchema = z.object({
  type: z.literal('doc'),
  content: z.array(ParagraphSchema).min(1).max(200),
});
export type RichText = z.infer<typeof RichTextSchema>;

const blockId = z.string().max(40).optional();

export const IMAGE_ALT_MESSAGE = 'Décrivez l’image en quelques mots';
export const LATEST_POSTS_MAX = 6;

export const CampaignBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ id: blockId, type: z.literal('heading'), text: RichTextSchema }),
    z.object({ id: blockId, type: z.literal('paragraph'), text: RichTextSchema }),
    z.object({
      id: blockId,
      type: z.literal('image'),
      src: z
        .string({ error: 'Choisissez une image' })
        .trim()
        .refine((v) => v.startsWith(MEDIA_URL_PREFIX) || /^https:\/\/[^\s]+$/.test(v), {
          error: 'Choisissez une image',
        }),
      alt: requiredLine(IMAGE_ALT_MESSAGE, 1, 200),
      /** Where a click on the image leads (optional). */
      href: z.union([z.literal(''), EmailHrefSchema]).default(''),
    }),
    z.object({
      id: blockId,
      type: z.literal('button'),
      label: requiredLine('Indiquez le texte du bouton', 1, 60),
      url: EmailHrefSchema,
    }),
    z.object({ id: blockId, type: z.literal('divider') }),
    z.object({
      id: blockId,
      type: z.literal('latestPosts'),
      count: z
        .number({ error: 'Nombre d’articles invalide' })
        .int({ error: 'Nombre d’articles invalide' })
        .min(1, { error: 'Au moins un article' })
        .max(LATEST_POSTS_MAX, { error: `${LATEST_POSTS_MAX} articles au plus` }),
    }),
    z.object({
      id: blockId,
      type: z.literal('caseStudy'),
      caseStudyId: z.uuid({ error: 'Choisissez une étude de cas' }),
    }),
  ],
  { error: 'Type de bloc inconnu' },
);
export type CampaignBlock = z.infer<typeof CampaignBlockSchema>;
export type CampaignBlockType = CampaignBlock['type'];

export const CampaignBlocksSchema = z.array(CampaignBlockSchema).max(60, { error: '60 blocs au plus' });

/** What the composer's "Ajouter un bloc" menu calls each block. */
export const BLOCK_LABELS: Record<CampaignBlockType, string> = {
  heading: 'Titre',
  paragraph: 'Paragraphe',
  image: 'Image',
  button: 'Bouton',
  divider: 'Séparateur',
  latestPosts: 'Derniers articles',
  caseStudy: 'Étude de cas',
};

/** True when a text block says nothing: no visible character and no first name. */
export function isRichTextEmpty(doc: RichText): boolean {
  return !doc.content.some((paragraph) =>
    (paragraph.content ?? []).some(
      (node) => node.type === 'firstName' || (node.type === 'text' && node.text.trim() !== ''),
    ),
  );
}

/** True when the blocks would give an email with nothing of the campaign's own in it. */
export function areBlocksEmpty(blocks: readonly CampaignBlock[]): boolean {
  return !blocks.some((block) =>
    block.type === 'heading' || block.type === 'paragraph'
      ? !isRichTextEmpty(block.text)
      : block.type !== 'divider',
  );
}

export const EMPTY_BLOCKS_MESSAGE =
  'Le contenu est vide : écrivez au moins un paragraphe ou ajoutez un bloc.';

/**
 * What stops the blocks from being sent, known without the database (the composer shows it while
 * the admin types; the server checks it with the rest, server/campaigns/readiness.ts): no content
 * at all, a title or paragraph block left empty (a blank line in every email), a link that is not
 * an address a mail client opens.
 */
export function blocksReadiness(blocks: readonly CampaignBlock[]): string[] {
  if (areBlocksEmpty(blocks)) return [EMPTY_BLOCKS_MESSAGE];
  return blocks.flatMap((block, index) =>
    (block.type === 'heading' || block.type === 'paragraph') && isRichTextEmpty(block.text)
      ? [`Bloc ${index + 1} (${BLOCK_LABELS[block.type]}) : ce bloc est vide ; écrivez-le ou supprimez-le.`]
      : [],
  );
}

/** Every link the admin wrote in the blocks, with where it is, for the broken-link check. */
export function blockLinks(blocks: readonly CampaignBlock[]): { href: string; blockIndex: number }[] {
  const links: { href: string; blockIndex: number }[] = [];
  blocks.forEach((block, blockIndex) => {
    if (block.type === 'button') links.push({ href: block.url, blockIndex });
    if (block.type === 'image' && block.href) links.push({ href: block.href, blockIndex });
    if (block.type === 'heading' || block.type === 'paragraph') {
      for (const paragraph of block.text.content) {
        for (const node of paragraph.content ?? []) {
          if (node.type !== 'text') continue;
          for (const mark of node.marks ?? []) {
            if (mark.type === 'link') links.push({ href: mark.attrs.href, blockIndex });
          }
        }
      }
    }
  });
  return links;
}

/** A text block's document from plain text, one paragraph per line (the composer's starters). */
export function richText(...paragraphs: InlineNode[][]): RichText {
  return {
    type: 'doc',
    content: paragraphs.map((content) =>
      content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' },
    ),
  };
}

/** What a new campaign starts with: a greeting with the first name, and a paragraph to write. */
export const STARTER_BLOCKS: CampaignBlock[] = [
  {
    id: 'b1',
    type: 'paragraph',
    text: richText([
      { type: 'text', text: 'Bonjour ' },
      { type: 'firstName', attrs: { fallback: 'à vous' } },
      { type: 'text', text: ',' },
    ]),
  },
  { id: 'b2', type: 'paragraph', text: richText([]) },
];
