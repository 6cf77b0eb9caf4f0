/**
 * Checks that an email's HTML carries no active content, parsed with happy-dom (a DOM parser
 * independent of the code under test): no <script>, <iframe>, <object>, <embed>, no on* attribute,
 * no javascript:/data:/vbscript: URL. Returns what it found, so a failure names the culprit.
 */
import { Window } from 'happy-dom';
import { expect } from 'vitest';
import { oneLine } from './corpus.ts';

const ACTIVE_TAGS = 'script, iframe, object, embed, svg, math, base, form, meta[http-equiv="refresh" i]';
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster'];

export function activeContent(html: string): string[] {
  const window = new Window();
  try {
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    const found: string[] = [];
    for (const element of document.querySelectorAll(ACTIVE_TAGS))
      found.push(`<${element.tagName.toLowerCase()}>`);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of [...element.attributes]) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${element.tagName.toLowerCase()}[${name}]`);
        if (
          URL_ATTRIBUTES.includes(name) &&
          /^\s*(javascript|vbscript|data):/i.test(oneLine(attribute.value ?? '').replace(/\s/g, ''))
        ) {
          found.push(`${element.tagName.toLowerCase()}[${name}=${attribute.value ?? ''}]`);
        }
      }
    }
    return found;
  } finally {
    void window.happyDOM.close();
  }
}

/** The header block of a raw message, as header names (lower case), one per header line. */
export function headerNames(raw: string): string[] {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  return head
    .split(/\r?\n/)
    .map((line) => line.slice(0, line.indexOf(':')).trim().toLowerCase())
    .filter(Boolean);
}

/** Every header an email of this product may carry; anything else came from an injection. */
const ALLOWED_HEADERS = new Set([
  'from',
  'to',
  'reply-to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'list-id',
  'precedence',
  'auto-submitted',
  'x-campaign-id',
  'feedback-id',
]);

/** No unknown header, none twice, no Cc/Bcc: a CRLF in a value never made a header of its own. */
export function expectSafeHeaders(raw: string): void {
  const names = headerNames(raw);
  expect(names.filter((name) => !ALLOWED_HEADERS.has(name) && !name.startsWith('x-'))).toEqual([]);
  expect(names.length).toBe(new Set(names).size);
  expect(names).not.toContain('bcc');
  expect(names).not.toContain('cc');
}
