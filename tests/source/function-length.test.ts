/**
 * No function of the product is longer than MAX_FUNCTION_LINES (150) lines: a longer one is split
 * into named functions or components by concern, with what they need passed in. The functions
 * still longer are listed below with their length today, as a ratchet: none may grow, a new one
 * may not join them, and one brought under the limit leaves the list (the test says so), until the
 * list is empty.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionSpans, longFunctions, MAX_FUNCTION_LINES } from '#scripts/lib/function-length.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Still too long, with their length when listed: to split, never to grow. */
const STILL_TOO_LONG = new Map<string, number>([
  ['app/features/admin/emails/campaign-editor-screen.tsx:CampaignEditor', 301],
  ['app/features/admin/emails/campaign-detail-screen.tsx:CampaignDetailView', 267],
  ['server/content/public-content.ts:createPublicContent', 253],
  ['app/features/leads/call-booking.tsx:SlotPicker', 189],
  ['app/features/admin/rich-text/markdown-editor.tsx:MarkdownEditor', 186],
  ['app/features/newsletter/manage-form.tsx:ManageForm', 167],
  ['app/features/newsletter/newsletter-form.tsx:NewsletterForm', 167],
]);

describe('function length', () => {
  it('measures functions, arrows and methods by the name a reader finds them under', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const source = [
      `export function named() {\n${body(3)}\n}`,
      `const assigned = () => {\n${body(1)}\n};`,
      `router.post('/totp', async (req) => {\n${body(2)}\n});`,
      `const object = { method() {\n${body(1)}\n} };`,
    ].join('\n');
    expect(functionSpans(source, 'x.ts').map(({ id, lines }) => [id, lines])).toEqual([
      ['x.ts:named', 5],
      ['x.ts:assigned', 3],
      ["x.ts:router.post('/totp')", 4],
      ['x.ts:method', 3],
    ]);
  });

  it(`keeps every function of the product within ${MAX_FUNCTION_LINES} lines, or shorter than listed`, () => {
    const found = longFunctions(root);
    const problems = found.flatMap(({ id, line, lines }) => {
      const listed = STILL_TOO_LONG.get(id);
      if (listed === undefined) return [`${id} (line ${line}) has ${lines} lines: split it`];
      if (lines > listed) return [`${id} grew from ${listed} to ${lines} lines: split it`];
      return [];
    });
    const done = [...STILL_TOO_LONG.keys()].filter((id) => !found.some((span) => span.id === id));
    expect(problems).toEqual([]);
    expect(done, 'under the limit now: remove from STILL_TOO_LONG').toEqual([]);
  });
});
