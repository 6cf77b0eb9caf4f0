/**
 * The audience beacon's budget (docs/decisions/084-first-party-audience.md): at most
 * 1 KB of script after Brotli. The beacon's module is bundled with everything it imports, as the
 * client build does (rolldown, minified), then compressed as the build compresses its assets
 * (Brotli 11, vite.config.ts): the chunk a public page loads once idle can only be smaller, since
 * the helpers it shares with the islands' code already came with them.
 */
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'rolldown';
import { describe, expect, it } from 'vitest';

const BEACON_BUDGET_BYTES = 1_024;
const root = path.resolve(import.meta.dirname, '../..');

/** A module bundled alone, minified: its size raw and after Brotli. */
async function bundledSize(file: string): Promise<{ raw: number; brotli: number; code: string }> {
  const { output } = await build({
    cwd: root,
    input: path.join(root, file),
    write: false,
    logLevel: 'silent',
    resolve: { alias: { '~': path.join(root, 'app') } },
    output: { format: 'esm', minify: true },
  });
  const [chunk, ...others] = output;
  if (chunk?.type !== 'chunk' || others.length > 0) throw new Error(`${file} is not one chunk`);
  const code = Buffer.from(chunk.code);
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: code.length, brotli, code: chunk.code };
}

describe('the audience beacon', () => {
  it(`is at most ${BEACON_BUDGET_BYTES} bytes of script after Brotli, with all it imports`, async () => {
    const { brotli, code } = await bundledSize('app/lib/audience/beacon.ts');
    expect(brotli).toBeLessThanOrEqual(BEACON_BUDGET_BYTES);
    // Nothing heavy came along: no zod, no React.
    expect(code).not.toMatch(/zod|react/i);
  });

  it('is measured for real: a module past the budget is caught', async () => {
    // The visit module itself is small, but the forms' schema module brings zod: far over 1 KB.
    const { brotli } = await bundledSize('common/schemas/audience.ts');
    expect(brotli).toBeGreaterThan(BEACON_BUDGET_BYTES);
  });
});
