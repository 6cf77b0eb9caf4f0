/**
 * Transactional templates as blocks (docs/decisions/103-template-composer.md): the blocks written
 * as MJML, and a template's MJML read back as blocks (the seeded templates, and the templates an
 * expert wrote in MJML when the admin switches back to the composer).
 *
 * The blocks are the card of the email; everything around it (head, banner, footer) is the
 * template's layout, kept as written. A line of the card the composer cannot express stays an
 * `mjml` block, so reading then writing keeps every word of the email (template-blocks.test.ts
 * renders every seeded template both ways and compares the text and the subject).
 */
import {
  TEMPLATE_BLOCKS_MARKER,
  type TemplateBlock,
  type TemplateBlocks,
  type TemplateInline,
  type TemplateText,
  VARIABLE_NAME,
} from '#common/schemas/template-blocks.ts';
import { escapeHtml } from './templates.ts';

const BRAND = '#15803d';

/** Typed text for HTML: escaped, braces too, so no Mustache tag can come from what was typed. */
const escapeText = (text: string) => escapeHtml(text).replace(/\{/g, '&#123;').replace(/\}/g, '&#125;');

function hrefOf(href: string): string {
  const value = href.trim();
  const safe = escapeHtml(value).replace(/\{/g, '%7B').replace(/\}/g, '%7D');
  return value.startsWith('/') ? `{{siteUrl}}${safe}` : safe;
}

// ---- writing -------------------------------------------------------------------------------------

function inlineHtml(nodes: readonly TemplateInline[]): string {
  let html = '';
  nodes.forEach((node, i) => {
    if (node.type === 'hardBreak') {
      html += '<br />';
      return;
    }
    if (node.type === 'variable') {
      const { name, link } = node.attrs;
      const tag = link
        ? `<a href="{{${name}}}" style="color:${BRAND}; word-break:break-all;">{{${name}}}</a>`
        : `{{${name}}}`;
      const before = nodes[i - 1];
      // The space before an optional value goes inside its section: nothing dangles when empty.
      if (!link && before?.type === 'text' && !before.marks?.length && before.text.endsWith(' ')) {
        html = `${html.slice(0, -1)}{{#${name}}} ${tag}{{/${name}}}`;
      } else html += tag;
      return;
    }
    let text = escapeText(node.text);
    for (const mark of node.marks ?? []) {
      if (mark.type === 'bold') text = `<strong>${text}</strong>`;
      else if (mark.type === 'italic') text = `<em>${text}</em>`;
      else text = `<a href="${hrefOf(mark.attrs.href)}" style="color:${BRAND};">${text}</a>`;
    }
    html += text;
  });
  return html;
}

/** The paragraphs of a text block, one `<br />` between them (as a template's lines are written). */
function textHtml(doc: TemplateText): string {
  return doc.content.map((p) => inlineHtml(p.content ?? [])).join('<br />');
}

function blockLine(block: TemplateBlock): string {
  switch (block.type) {
    case 'heading':
      return `<mj-text font-size="22px" font-weight="bold">${textHtml(block.text)}</mj-text>`;
    case 'paragraph':
      return `<mj-text>${textHtml(block.text)}</mj-text>`;
    case 'note':
      return `<mj-text font-size="14px" color="#4b5563">${textHtml(block.text)}</mj-text>`;
    case 'button': {
      const href = 'variable' in block.url ? `{{${block.url.variable}}}` : hrefOf(block.url.href);
      return `<mj-button href="${href}" padding="20px 24px">${escapeText(block.label)}</mj-button>`;
    }
    case 'divider':
      return '<mj-divider border-color="#e5e7eb" border-width="1px" padding="16px 24px" />';
    case 'mjml':
      return block.mjml;
  }
}

/** The template's MJML: its layout with the blocks' lines in the card. */
export function composeTemplateMjml({ layout, blocks }: TemplateBlocks): string {
  const lines = blocks.map((block) => `        ${blockLine(block)}`).join('\n');
  return layout.replace(TEMPLATE_BLOCKS_MARKER, lines);
}

// ---- reading -------------------------------------------------------------------------------------

/** The white card of the seeded layout (db/seed-email-templates.ts `card`). */
const CARD = /(<mj-section background-color="#ffffff"[^>]*>\n\s*<mj-column>\n)([\s\S]*?)(\n\s*<\/mj-column>)/;

/** Where each element of the card starts: a line opening an MJML tag. */
const ELEMENT_START = /^ {8}(?=<mj-)/m;

const decodeEntities = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

/** A path of the site written with `{{siteUrl}}`, or an address; null for anything else. */
function hrefFrom(raw: string): string | null {
  const value = decodeEntities(raw);
  if (value.startsWith('{{siteUrl}}/')) return value.slice('{{siteUrl}}'.length);
  return /\{\{|\}\}/.test(value) ? null : value;
}

const INLINE_TOKEN = new RegExp(
  [
    '<br \\/>',
    '\\{\\{#(\\w+)\\}\\} \\{\\{(\\w+)\\}\\}\\{\\{\\/(\\w+)\\}\\}', // optional value after a space
    '<a href="\\{\\{(\\w+)\\}\\}" style="[^"]*">\\{\\{(\\w+)\\}\\}<\\/a>', // a link written out
    '<a href="([^"]*)" style="[^"]*">([^<{]*)<\\/a>', // a link on words
    '<strong>([^<{]*)<\\/strong>',
    '<em>([^<{]*)<\\/em>',
    '\\{\\{(\\w+)\\}\\}',
  ].join('|'),
  'g',
);

function pushText(
  nodes: TemplateInline[],
  html: string,
  marks?: Extract<TemplateInline, { type: 'text' }>['marks'],
) {
  if (html === '') return true;
  if (/[<>{}]/.test(html)) return false;
  nodes.push(
    marks
      ? { type: 'text', text: decodeEntities(html), marks }
      : { type: 'text', text: decodeEntities(html) },
  );
  return true;
}

/** The inline content of one `<mj-text>` as chips and words, or null when it holds more. */
export function inlineFromHtml(html: string): TemplateInline[] | null {
  const nodes: TemplateInline[] = [];
  let at = 0;
  for (const m of html.matchAll(INLINE_TOKEN)) {
    if (!pushText(nodes, html.slice(at, m.index))) return null;
    at = m.index + m[0].length;
    const [token, open, inner, close, linkVar, linkText, href, words, bold, italic, variable] = m;
    if (token === '<br />') nodes.push({ type: 'hardBreak' });
    else if (open !== undefined) {
      if (open !== inner || open !== close) return null;
      if (!pushText(nodes, ' ')) return null;
      nodes.push({ type: 'variable', attrs: { name: open } });
    } else if (linkVar !== undefined) {
      if (linkVar !== linkText) return null;
      nodes.push({ type: 'variable', attrs: { name: linkVar, link: true } });
    } else if (href !== undefined) {
      const target = hrefFrom(href);
      if (target === null || !words) return null;
      nodes.push({
        type: 'text',
        text: decodeEntities(words),
        marks: [{ type: 'link', attrs: { href: target } }],
      });
    } else if (bold !== undefined) {
      if (!pushText(nodes, bold, [{ type: 'bold' }])) return null;
    } else if (italic !== undefined) {
      if (!pushText(nodes, italic, [{ type: 'italic' }])) return null;
    } else if (variable !== undefined && VARIABLE_NAME.test(variable)) {
      nodes.push({ type: 'variable', attrs: { name: variable } });
    } else return null;
  }
  if (!pushText(nodes, html.slice(at))) return null;
  return mergeText(nodes);
}

/** Neighbouring unmarked words as one text node (the space of an optional value joins them). */
function mergeText(nodes: TemplateInline[]): TemplateInline[] {
  const merged: TemplateInline[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.type === 'text' && !node.marks && last?.type === 'text' && !last.marks) {
      merged[merged.length - 1] = { type: 'text', text: last.text + node.text };
    } else merged.push(node);
  }
  return merged;
}

const textDoc = (content: TemplateInline[]): TemplateText => ({
  type: 'doc',
  content: [content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' }],
});

const MJ_TEXT = /^<mj-text((?: [\w-]+="[^"]*")*)>([\s\S]*)<\/mj-text>$/;
const MJ_BUTTON = /^<mj-button href="([^"]*)"(?: padding="[^"]*")?>([^<{]*)<\/mj-button>$/;

/** One element of the card as a block; an `mjml` block when the composer cannot express it. */
export function blockFromMjml(element: string): TemplateBlock {
  const text = MJ_TEXT.exec(element);
  if (text) {
    const attributes = text[1] ?? '';
    const inline = inlineFromHtml(text[2] ?? '');
    if (inline !== null && inline.length > 0) {
      if (/font-weight="bold"/.test(attributes) && /font-size="2\dpx"/.test(attributes)) {
        return { type: 'heading', text: textDoc(inline) };
      }
      if (attributes === ' font-size="14px" color="#4b5563"') return { type: 'note', text: textDoc(inline) };
      if (/^(?: padding="[^"]*")?$/.test(attributes)) return { type: 'paragraph', text: textDoc(inline) };
    }
  }
  const button = MJ_BUTTON.exec(element);
  if (button) {
    const [, rawHref = '', label = ''] = button;
    const variable = /^\{\{(\w+)\}\}$/.exec(rawHref)?.[1];
    const href = hrefFrom(rawHref);
    if (variable) return { type: 'button', label: decodeEntities(label), url: { variable } };
    if (href !== null) return { type: 'button', label: decodeEntities(label), url: { href } };
  }
  if (/^<mj-divider [^>]*\/>$/.test(element)) return { type: 'divider' };
  return { type: 'mjml', mjml: element };
}

/**
 * A template's MJML as layout and blocks, or null when it has no card of the seeded layout (an
 * expert's own design): the composer cannot hold it, the MJML editor stays the only one.
 */
export function templateBlocksFromMjml(mjml: string): TemplateBlocks | null {
  const card = CARD.exec(mjml);
  if (!card || mjml.includes(TEMPLATE_BLOCKS_MARKER)) return null;
  const [whole, open = '', inner = '', close = ''] = card;
  const elements = inner
    .split(ELEMENT_START)
    .map((element) => element.trim())
    .filter((element) => element !== '');
  if (elements.length === 0) return null;
  const layout = mjml.replace(whole, `${open}${TEMPLATE_BLOCKS_MARKER}${close}`);
  return { layout, blocks: elements.map((element, i) => ({ id: `b${i + 1}`, ...blockFromMjml(element) })) };
}

/** True when the blocks are only `mjml` blocks: nothing the composer could let the admin edit. */
export const isOnlyMjml = (blocks: readonly TemplateBlock[]) => blocks.every((b) => b.type === 'mjml');
