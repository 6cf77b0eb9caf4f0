/**
 * No function of the product is longer than MAX_FUNCTION_LINES (150) lines: a longer one is split
 * into named functions or components by concern, with what they need passed in.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionSpans, longFunctions, MAX_FUNCTION_LINES } from '#scripts/lib/function-length.ts';

const root = path.resolve(import.meta.dirname, '../..');

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

  it(`keeps every function of the product within ${MAX_FUNCTION_LINES} lines`, () => {
    const problems = longFunctions(root).map(
      ({ id, line, lines }) => `${id} (line ${line}) has ${lines} lines: split it`,
    );
    expect(problems).toEqual([]);
  });
});
