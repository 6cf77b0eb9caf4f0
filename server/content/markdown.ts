/**
 * Blog posts are written in Markdown by staff, but Markdown lets raw HTML through, and an admin
 * account can be phished: every post is rendered with `marked`, then cleaned by `sanitize-html`
 * against an allow-list, on the server only (page loaders), so neither library reaches the
 * browser bundle and no page ever injects unchecked HTML.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { frenchTypography } from '#common/typography.ts';

// Our own instance: the global `marked` object is shared mutable configuration.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  'code',
  'pre',
  'hr',
  'br',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** The page owns the only h1; heading levels are clamped to h2–h4 so the outline stays ordered. */
const clampHeading = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({
  tagName: tagName === 'h1' ? 'h2' : 'h4',
  attribs,
});

const isExternal = (href: string) => /^https?:\/\//i.test(href.trim());

/**
 * The call-to-action links staff put in a post (the editor's "Appel à l'action", decision 072):
 * the site's own button attributes (app/lib/lead-trigger.ts) open the quote or call modal; without
 * JavaScript the link leads to the contact page. Only these addresses get them: no attribute
 * written in the source survives.
 */
export const CALL_TO_ACTION_HREFS: Record<string, 'quote' | 'call'> = {
  '/contact#devis': 'quote',
  '/contact#appel': 'call',
};

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target', 'data-lead', 'aria-haspopup', 'class'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    // GFM tables give column alignment as an attribute (style attributes are never allowed).
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/], a: ['cta'] },
  // No data:, javascript:, vbscript:, ftp: …; URLs without a scheme (relative ones) stay allowed.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  // `//evil.example/x` looks relative but leaves the site.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // French typography in the prose staff write (no-break space before ! ? : ;), never in code.
  textFilter: (text, tagName) => (tagName === 'code' || tagName === 'pre' ? text : frenchTypography(text)),
  transformTags: {
    h1: clampHeading,
    h5: clampHeading,
    h6: clampHeading,
    a: (tagName, attribs) => {
      // Never trust rel/target from the source: a bare target="_blank" allows reverse tabnabbing.
      // Nor the attributes of a call to action: only its address gives them.
      const {
        rel: _rel,
        target: _target,
        'data-lead': _lead,
        'aria-haspopup': _popup,
        class: _class,
        ...rest
      } = attribs;
      const href = rest.href ?? '';
      const lead = CALL_TO_ACTION_HREFS[href.trim()];
      if (lead)
        return { tagName, attribs: { ...rest, 'data-lead': lead, 'aria-haspopup': 'dialog', class: 'cta' } };
      return {
        tagName,
        attribs: isExternal(href) ? { ...rest, rel: 'noopener noreferrer', target: '_blank' } : rest,
      };
    },
    img: (tagName, attribs) => ({
      tagName,
      // An image without alt is announced by its file name; an empty alt marks it decorative.
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' },
    }),
  },
  // An image whose src was refused (data:, http:, javascript:) would be an empty box: drop it; a
  // link whose href was refused is kept as plain text.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src;
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

/** Markdown (GFM) to HTML that is safe to inject with dangerouslySetInnerHTML. */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

export const WORDS_PER_MINUTE = 200;

/** Minutes to read a Markdown text at 200 words a minute, rounded, at least 1. */
export function readingTimeMinutes(source: string): number {
  const text = source
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: alt text only
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: label only, not the URL
    .replace(/<[^>]+>/g, ' '); // raw HTML tags
  const words = text
    .split(/\s+/)
    // A word has a letter or a digit; an ordered-list marker ("1.") is not read.
    .filter((token) => /[\p{L}\p{N}]/u.test(token) && !/^\d+[.)]$/.test(token)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
