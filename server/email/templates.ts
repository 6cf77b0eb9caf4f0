/**
 * Email templates: MJML with Mustache placeholders, stored in `email_templates` (the admin may edit
 * them). MJML is slow to compile (tens of milliseconds), so the compiled HTML is kept in
 * `compiled_html`, marked with a hash of its source; rendering a message is then only Mustache and
 * html-to-text (on a reduced copy, see textSkeleton), cheap enough to run inside the request transaction that enqueues the email.
 *
 * Variables common to all templates are NOT added here: the caller adds them, because only it
 * knows the recipient. The ones the seeded templates use:
 * - `companyAddress`: the agency's postal address (setting `contact.address`), in every footer;
 * - `manageUrl`, `unsubscribeUrl`: the subscriber's own preference and one-click unsubscribe
 *   links (newsletter templates), built from PUBLIC_URL and a subscriber token;
 * - `firstName`: the subscriber's first name when known (sections `{{#firstName}}` hide it).
 * Each template lists its variables, with a description and an example, in `variables_json`.
 *
 * Mustache escapes `{{x}}` for HTML, which also makes it safe inside a quoted attribute; it does
 * not vet URLs, so a caller putting user input in an `href` must pass an http(s) URL it built.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { compile as compileHtmlToText } from 'html-to-text';
import mjml2html from 'mjml';
import Mustache from 'mustache';
import type { Database } from '#db/client.ts';
import { emailTemplates } from '#db/schema.ts';
import type { TableMemo } from '../cache/table-memo.ts';

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Bumped when the way MJML is compiled changes (options, tag protection), so every stored
 * compilation is redone once instead of keeping output from the old settings.
 */
const COMPILER_REVISION = 'mjml5-r3';

const MARKER_PATTERN = /^<!-- mjml:([0-9a-f]{16}) -->\n/;

/** Hash of what a compilation depends on: the MJML source and the compiler revision. */
export function mjmlHash(mjml: string): string {
  return createHash('sha256').update(COMPILER_REVISION).update('\n').update(mjml).digest('hex').slice(0, 16);
}

export function isCompiledFrom(compiledHtml: string, mjml: string): boolean {
  const match = MARKER_PATTERN.exec(compiledHtml);
  return match !== null && match[1] === mjmlHash(mjml);
}

/** The HTML without the hash marker: a comment before the doctype is best kept out of an email. */
function stripMarker(compiledHtml: string): string {
  return compiledHtml.replace(MARKER_PATTERN, '');
}

/** Any Mustache tag: `{{x}}`, `{{{x}}}`, `{{#x}}`, `{{/x}}`, `{{^x}}`, `{{! comment }}`... */
const MUSTACHE_TAG = /\{\{\{[\s\S]*?\}\}\}|\{\{[\s\S]*?\}\}/g;

export type CompiledMjml = { html: string; errors: string[] };

/**
 * Compiles one MJML source to HTML that still holds its Mustache tags. The tags are swapped for
 * plain alphanumeric tokens during the compilation and put back afterwards: MJML parses attributes,
 * inlines CSS and may rewrite values, and `{{`, quotes or `#` inside a tag are exactly what such
 * rewriting touches; a lowercase token goes through untouched wherever it sits. A tag MJML dropped
 * (an unknown attribute, for instance) is reported as an error rather than silently lost.
 * Exported for a future template editor, which should refuse to save a source with errors.
 */
export async function compileMjml(mjml: string): Promise<CompiledMjml> {
  const nonce = createHash('sha256').update(mjml).digest('hex').slice(0, 8);
  const tags: string[] = [];
  const protectedSource = mjml.replace(MUSTACHE_TAG, (tag) => {
    tags.push(tag);
    return `mst${nonce}n${tags.length - 1}x`;
  });

  const result = await mjml2html(inFrench(protectedSource), {
    validationLevel: 'soft',
    // Templates come from the database: never let one read files from the server's disk.
    ignoreIncludes: true,
  });
  const errors = result.errors.map((e) => `line ${e.line}: ${e.message}`);

  const seen = new Set<number>();
  const html = emailHtmlFixes(result.html).replace(
    new RegExp(`mst${nonce}n(\\d+)x`, 'g'),
    (_token, index: string) => {
      const i = Number(index);
      seen.add(i);
      return tags[i] ?? '';
    },
  );
  tags.forEach((tag, i) => {
    if (!seen.has(i)) errors.push(`the Mustache tag ${tag} was lost by the MJML compilation`);
  });
  if (errors.length === 0) {
    try {
      Mustache.parse(html);
    } catch (error) {
      errors.push(`Mustache: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { html, errors };
}

const MJML_ROOT = /<mjml(?=[\s>])([^>]*)>/;

/**
 * Every email is French unless the template says otherwise with `<mjml lang="...">`. MJML writes
 * the root's `lang` on `<html>` and on the body's `role="article"` wrapper, and `und` when there
 * is none: the wrapper's `und` would then override the page's language for a screen reader.
 */
function inFrench(mjml: string): string {
  return mjml.replace(MJML_ROOT, (root, attributes: string) =>
    /\slang\s*=/i.test(attributes) ? root : `<mjml lang="fr"${attributes}>`,
  );
}

/**
 * What MJML writes that mail filters hold against us: a preheader (mj-preview) in white on the
 * light page, which SpamAssassin scores as hidden text (HTML_FONT_LOW_CONTRAST). The preheader
 * stays hidden by display:none, opacity and size; its colour is the body text's.
 */
export function emailHtmlFixes(html: string): string {
  return html.replace(/(<div style="display:none;font-size:1px;)color:#ffffff;/, '$1color:#374151;');
}

/** PUBLIC_URL without its trailing slash, for `{{siteUrl}}/path` in templates. */
export const siteUrlOf = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

type TemplateRow = Pick<typeof emailTemplates.$inferSelect, 'key' | 'mjml' | 'compiledHtml'>;

/** MJML compiled for storage, marked with the hash of its source; throws on MJML errors. */
export async function compileForStorage(mjml: string, name: string): Promise<string> {
  const { html, errors } = await compileMjml(mjml);
  if (errors.length > 0) {
    throw new Error(`${name} has MJML errors:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
  }
  return `<!-- mjml:${mjmlHash(mjml)} -->\n${html}`;
}

/** Compiles one row and stores the result, unless the admin changed the MJML meanwhile. */
async function compileAndStore(db: Database, row: TemplateRow): Promise<string> {
  const compiledHtml = await compileForStorage(row.mjml, `Email template "${row.key}"`);
  await db
    .update(emailTemplates)
    .set({ compiledHtml })
    .where(and(eq(emailTemplates.key, row.key), eq(emailTemplates.mjml, row.mjml)));
  return compiledHtml;
}

/**
 * Compiles every template whose compiled HTML is missing or was made from another MJML source.
 * Run at start so the first email of the day does not pay for MJML. Every template is tried; the
 * errors of all the broken ones are thrown together at the end. Returns how many were compiled.
 */
export async function compileTemplates(db: Database): Promise<number> {
  const rows = await db
    .select({ key: emailTemplates.key, mjml: emailTemplates.mjml, compiledHtml: emailTemplates.compiledHtml })
    .from(emailTemplates);
  let compiled = 0;
  const failures: string[] = [];
  for (const row of rows) {
    if (isCompiledFrom(row.compiledHtml, row.mjml)) continue;
    try {
      await compileAndStore(db, row);
      compiled += 1;
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (failures.length > 0) throw new Error(failures.join('\n'));
  return compiled;
}

/** Layout tables (role="presentation", all of MJML's own) are blocks; an `mj-table` is data. */
export const emailText = compileHtmlToText({
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    // The hidden preheader (mj-preview) is for the inbox list, not for the text part.
    { selector: 'div[style*="display:none"]', format: 'skip' },
    { selector: 'table', format: 'dataTable', options: { colSpacing: 2 } },
    { selector: 'table[role="presentation"]', format: 'block' },
  ],
});

/** An opening tag, its attributes (quoted or not) and its end; `{{` inside is an attribute name. */
const OPENING_TAG =
  /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/** An attribute the text part reads: links, layout tables, the hidden preheader (see emailText). */
function readByText(name: string, value: string | undefined): boolean {
  if (!/^[a-zA-Z_:][\w:.-]*$/.test(name)) return true; // a Mustache tag or anything odd: kept as is
  const lower = name.toLowerCase();
  return (
    lower === 'href' || lower === 'role' || (lower === 'style' && (value ?? '').includes('display:none'))
  );
}

/**
 * The compiled template reduced to what its text part is made of. The head's CSS, the Outlook
 * comments, inline styles, widths and classes on every element are three quarters of MJML's
 * output and html-to-text would parse them again for every message (a third of a lead's CPU under
 * load). They are dropped once per template version, before the variables go in, so the text is
 * the same (templates.test.ts compares it with the conversion of the full HTML) in a third of the
 * time. Runs of whitespace between tags shrink to one space unless the template holds a `<pre>`.
 */
export function textSkeleton(html: string): string {
  const reduced = html
    .replace(/<head\b[\s\S]*?<\/head>/i, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(OPENING_TAG, (_tag, name: string, attributes: string, selfClosing: string) => {
      const kept = attributes.replace(ATTRIBUTE, (attribute, attributeName: string, value?: string) =>
        readByText(attributeName, value) ? attribute : '',
      );
      return `<${name}${kept}${selfClosing}>`;
    });
  return /<(pre|textarea)\b/i.test(reduced) ? reduced : reduced.replace(/>\s+</g, '> <');
}

/** Skeletons of the compiled templates seen lately (a handful of templates, a few versions each). */
const skeletons = new Map<string, string>();
function cachedTextSkeleton(html: string): string {
  let skeleton = skeletons.get(html);
  if (skeleton === undefined) {
    if (skeletons.size >= 64) skeletons.clear();
    skeleton = textSkeleton(html);
    skeletons.set(html, skeleton);
  }
  return skeleton;
}

/**
 * Header-safe text: CR and LF would let a variable inject headers, other control characters
 * (and the Unicode line and paragraph separators) have no business in a subject line.
 */
export function sanitizeSubject(subject: string): string {
  return (
    subject
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      // Runs of spaces become one; the no-break spaces of French typography stay.
      .replace(/[^\S\u00a0\u202f]+/g, ' ')
      .trim()
  );
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A plain-text email as HTML, for a message whose template could not be rendered. */
export const plainTextHtml = (text: string) =>
  `<pre lang="fr" style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(text)}</pre>`;

/** Subjects are plain text: no HTML escaping, `&` must stay `&`. */
const noEscape = (value: unknown) => String(value);

/**
 * Renders a template for one recipient. `db` may be a transaction (and must be, with PGlite, when
 * called inside one: the embedded database runs one transaction at a time). With a `memo`, the
 * template's row is read once until it changes instead of for every message.
 */
export async function renderTemplate(
  db: Database,
  key: string,
  variables: Record<string, unknown>,
  memo?: TableMemo,
): Promise<RenderedEmail> {
  const read = async () => {
    const [row] = await db
      .select({
        key: emailTemplates.key,
        subject: emailTemplates.subject,
        mjml: emailTemplates.mjml,
        compiledHtml: emailTemplates.compiledHtml,
      })
      .from(emailTemplates)
      .where(eq(emailTemplates.key, key))
      .limit(1);
    if (!row) throw new Error(`Unknown email template "${key}"`);
    // Checked (a hash of the MJML) when read, not for every message.
    return { row, upToDate: isCompiledFrom(row.compiledHtml, row.mjml) };
  };
  const { row, upToDate } = await (memo
    ? memo.get(`email_template:${key}`, ['email_templates'], read)
    : read());
  const compiledHtml = upToDate ? row.compiledHtml : await compileAndStore(db, row);
  return renderCompiled(compiledHtml, row.subject, variables);
}

/** One message from stored compiled HTML (marker and all) and a subject with Mustache tags. */
export function renderCompiled(
  compiledHtml: string,
  subjectTemplate: string,
  variables: Record<string, unknown>,
): RenderedEmail {
  const template = stripMarker(compiledHtml);
  const html = Mustache.render(template, variables);
  const subject = sanitizeSubject(
    Mustache.render(subjectTemplate, variables, undefined, { escape: noEscape }),
  );
  const text = emailText(Mustache.render(cachedTextSkeleton(template), variables));
  return { subject, html, text };
}
