/**
 * The block composer's emails (docs/decisions/073-campaign-composer.md): blocks in, MJML out, in
 * the layout of the seeded templates (green banner, white card, the subscriber's footer links).
 *
 * - What the admin typed is escaped for HTML, and its braces too (`&#123;`), so a `{{` in a
 *   sentence is text, never a Mustache tag: the only tags are the ones written here (the first
 *   name, `{{siteUrl}}`, the footer's links).
 * - A "Prénom" chip becomes `{{#firstName}}{{firstName}}{{/firstName}}{{^firstName}}…{{/firstName}}`.
 * - A path of the site ("/contact") becomes `{{siteUrl}}/contact`, so the stored MJML does not
 *   depend on PUBLIC_URL.
 * - "Derniers articles" and "Étude de cas" take the site's content as it is when the campaign is
 *   saved (or previewed): what the admin sees in the preview is what is sent.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { convert } from 'html-to-text';
import {
  type CampaignBlock,
  type InlineNode,
  isRichTextEmpty,
  type RichText,
} from '#common/schemas/campaign-blocks.ts';
import { frenchTypography } from '#common/typography.ts';
import type { Database } from '#db/client.ts';
import { blogPosts, caseStudies } from '#db/schema.ts';
import {
  ADDRESS,
  banner,
  card,
  footer,
  mjmlEmail,
  SUBSCRIBER_LINKS,
  WHY_THIS_EMAIL,
} from '#db/seed-email-templates.ts';
import { renderMarkdown } from '../content/markdown.ts';
import { escapeHtml } from '../email/templates.ts';

const BRAND = '#15803d';

/**
 * Text the admin typed, for HTML: with French typography (no-break spaces, ’), as the Markdown
 * blocks get it, then escaped, braces included (no Mustache tag can come from it).
 */
const escapeText = (text: string) =>
  escapeHtml(frenchTypography(text)).replace(/\{/g, '&#123;').replace(/\}/g, '&#125;');

/** A link the admin wrote, for an attribute: a site path gets the site's address. */
function hrefOf(href: string): string {
  const value = href.trim();
  const safe = escapeHtml(value).replace(/\{/g, '%7B').replace(/\}/g, '%7D');
  return value.startsWith('/') ? `{{siteUrl}}${safe}` : safe;
}

/** The chip: the subscriber's first name, or the fallback words when none was given. */
export function firstNameTag(fallback: string): string {
  const otherwise = fallback ? `{{^firstName}}${escapeText(fallback)}{{/firstName}}` : '';
  return `{{#firstName}}{{firstName}}{{/firstName}}${otherwise}`;
}

function inlineHtml(nodes: readonly InlineNode[] | undefined, { marks = true } = {}): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '<br />';
      if (node.type === 'firstName') return firstNameTag(node.attrs.fallback);
      let html = escapeText(node.text);
      if (!marks) return html;
      for (const mark of node.marks ?? []) {
        if (mark.type === 'bold') html = `<strong>${html}</strong>`;
        else if (mark.type === 'italic') html = `<em>${html}</em>`;
        else html = `<a href="${hrefOf(mark.attrs.href)}" style="color:${BRAND};">${html}</a>`;
      }
      return html;
    })
    .join('');
}

/** The paragraphs of a text block, without the empty ones at its ends. */
function paragraphsOf(doc: RichText) {
  const filled = (p: RichText['content'][number]) => (p.content ?? []).length > 0;
  const first = doc.content.findIndex(filled);
  return first < 0 ? [] : doc.content.slice(first, doc.content.findLastIndex(filled) + 1);
}

function paragraphHtml(doc: RichText): string {
  const paragraphs = paragraphsOf(doc);
  return paragraphs
    .map((p, i) => {
      const margin = i === paragraphs.length - 1 ? '0' : '0 0 12px 0';
      const content = (p.content ?? []).length > 0 ? inlineHtml(p.content) : '&nbsp;';
      return `<p style="margin:${margin};">${content}</p>`;
    })
    .join('');
}

/** A line of text for the inbox list (mj-preview): the first words of the first text block. */
function previewText(blocks: readonly CampaignBlock[]): string {
  for (const block of blocks) {
    if ((block.type === 'paragraph' || block.type === 'heading') && !isRichTextEmpty(block.text)) {
      return paragraphsOf(block.text)
        .map((p) => inlineHtml(p.content, { marks: false }).replace(/<br \/>/g, ' '))
        .join(' ');
    }
  }
  return '';
}

type PostTeaser = { title: string; slug: string; excerpt: string };
type CaseStudyTeaser = {
  id: string;
  title: string;
  clientName: string;
  industry: string;
  summary: string;
  imageUrl: string | null;
};

/** The site's content the blocks show, read once per composition. */
type Resolved = { posts: PostTeaser[]; caseStudies: Map<string, CaseStudyTeaser> };

const SUMMARY_LENGTH = 220;

function summaryOf(markdown: string): string {
  const text = convert(renderMarkdown(markdown), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
    ],
  })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= SUMMARY_LENGTH) return text;
  return `${text.slice(0, SUMMARY_LENGTH).replace(/\s+\S*$/, '')}…`;
}

async function resolveContent(db: Database, blocks: readonly CampaignBlock[]): Promise<Resolved> {
  const postCount = Math.max(0, ...blocks.map((b) => (b.type === 'latestPosts' ? b.count : 0)));
  const posts =
    postCount === 0
      ? []
      : await db
          .select({ title: blogPosts.title, slug: blogPosts.slug, excerpt: blogPosts.excerpt })
          .from(blogPosts)
          .where(eq(blogPosts.isPublished, true))
          .orderBy(desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), blogPosts.slug)
          .limit(postCount);
  const ids = [...new Set(blocks.flatMap((b) => (b.type === 'caseStudy' ? [b.caseStudyId] : [])))];
  const studies = new Map<string, CaseStudyTeaser>();
  for (const id of ids) {
    const [row] = await db
      .select()
      .from(caseStudies)
      .where(and(eq(caseStudies.id, id), eq(caseStudies.isPublished, true)));
    if (row) {
      studies.set(id, {
        id: row.id,
        title: row.title,
        clientName: row.clientName,
        industry: row.industry,
        summary: summaryOf(row.description),
        imageUrl: row.imageUrl,
      });
    }
  }
  return { posts, caseStudies: studies };
}

const imageSrc = (src: string) => (src.startsWith('/') ? `{{siteUrl}}${escapeHtml(src)}` : escapeHtml(src));

function blockLines(block: CampaignBlock, resolved: Resolved): string[] {
  switch (block.type) {
    case 'heading':
      return isRichTextEmpty(block.text)
        ? []
        : [
            `<mj-text font-size="22px" font-weight="bold" line-height="1.3" color="${BRAND}" padding="16px 24px 8px 24px">${paragraphsOf(
              block.text,
            )
              .map((p) => inlineHtml(p.content))
              .join('<br />')}</mj-text>`,
          ];
    case 'paragraph':
      return isRichTextEmpty(block.text) ? [] : [`<mj-text>${paragraphHtml(block.text)}</mj-text>`];
    case 'image': {
      const link = block.href ? ` href="${hrefOf(block.href)}"` : '';
      return [
        `<mj-image src="${imageSrc(block.src)}" alt="${escapeText(block.alt)}"${link} padding="12px 24px" border-radius="8px" />`,
      ];
    }
    case 'button':
      return [
        `<mj-button href="${hrefOf(block.url)}" padding="16px 24px">${escapeText(block.label)}</mj-button>`,
      ];
    case 'divider':
      return ['<mj-divider border-color="#e5e7eb" border-width="1px" padding="16px 24px" />'];
    case 'latestPosts': {
      const posts = resolved.posts.slice(0, block.count);
      if (posts.length === 0) return [];
      const items = posts
        .map(
          (post) =>
            `<p style="margin:0 0 4px 0; font-size:18px; font-weight:bold; line-height:1.35;"><a href="{{siteUrl}}/blog/${encodeURIComponent(post.slug)}" style="color:${BRAND}; text-decoration:none;">${escapeText(post.title)}</a></p>` +
            (post.excerpt
              ? `<p style="margin:0 0 16px 0; color:#4b5563;">${escapeText(post.excerpt)}</p>`
              : ''),
        )
        .join('');
      return [`<mj-text>${items}</mj-text>`];
    }
    case 'caseStudy': {
      const study = resolved.caseStudies.get(block.caseStudyId);
      if (!study) return [];
      const href = `{{siteUrl}}/portfolio#case-${study.id}`;
      return [
        ...(study.imageUrl
          ? [
              `<mj-image src="${imageSrc(study.imageUrl)}" alt="${escapeText(study.title)}" href="${href}" padding="12px 24px 4px 24px" border-radius="8px" />`,
            ]
          : []),
        `<mj-text padding="8px 24px 0 24px" font-size="13px" font-weight="bold" color="${BRAND}" text-transform="uppercase">${escapeText(study.industry)}</mj-text>`,
        `<mj-text padding="4px 24px" font-size="20px" font-weight="bold" line-height="1.3">${escapeText(study.title)}</mj-text>`,
        `<mj-text><p style="margin:0 0 8px 0;">Client : <strong>${escapeText(study.clientName)}</strong></p><p style="margin:0;">${escapeText(study.summary)}</p></mj-text>`,
        `<mj-button href="${href}" padding="12px 24px 16px 24px">Voir l’étude de cas</mj-button>`,
      ];
    }
  }
}

/** What the blocks need that the site no longer has (a case study unpublished, no post yet). */
function missingContent(blocks: readonly CampaignBlock[], resolved: Resolved): string[] {
  const problems: string[] = [];
  blocks.forEach((block, index) => {
    if (block.type === 'latestPosts' && resolved.posts.length === 0) {
      problems.push(`Bloc ${index + 1} (Derniers articles) : aucun article n’est publié.`);
    }
    if (block.type === 'caseStudy' && !resolved.caseStudies.has(block.caseStudyId)) {
      problems.push(`Bloc ${index + 1} (Étude de cas) : cette étude de cas n’est plus publiée.`);
    }
  });
  return problems;
}

/** The blocks' problems with the site's content as it is now, without writing the email. */
export async function missingBlockContent(db: Database, blocks: readonly CampaignBlock[]): Promise<string[]> {
  return missingContent(blocks, await resolveContent(db, blocks));
}

/** The campaign's email as MJML, with Mustache tags for the first name and the footer's links. */
export async function composeCampaignMjml(db: Database, blocks: readonly CampaignBlock[]): Promise<string> {
  const resolved = await resolveContent(db, blocks);
  return mjmlEmail({
    title: 'Lisanga Digital',
    preview: previewText(blocks),
    head: ['    <mj-style>', `      a { color: ${BRAND}; }`, '    </mj-style>'],
    sections: [
      banner(),
      card(blocks.flatMap((block) => blockLines(block, resolved))),
      footer([WHY_THIS_EMAIL, ADDRESS, SUBSCRIBER_LINKS]),
    ],
  });
}
