/**
 * The production server's V8 flags (server/node-flags.ts, decision 123) are named by every command
 * an operator runs it with: Node refuses them in NODE_OPTIONS, so a start command that forgets them
 * runs a server that spends about a fifth more CPU on each lead during a burst.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '#server/node-flags.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const entry = 'build/server/index.js';

describe("the production server's V8 flags", () => {
  it('are given by npm start, the Dockerfile and the operations guide', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const expected = `node ${SERVER_NODE_FLAGS.join(' ')} ${entry}`;
    expect(scripts['start:built']).toContain(expected);
    expect(scripts.start).toContain('npm run start:built');
    expect(read('Dockerfile')).toContain(
      `CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, entry]).replaceAll(',', ', ')}`,
    );
    expect(read('docs/operations.md')).toContain(`NODE_ENV=production ${expected}`);
  });

  it('give the server a larger young generation from its start than Node would', () => {
    const newSpace = (flags: readonly string[]) =>
      Number(
        execFileSync(process.execPath, [
          ...flags,
          '-e',
          'process.stdout.write(String(require("node:v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size))',
        ]),
      );
    expect(newSpace(SERVER_NODE_FLAGS)).toBeGreaterThanOrEqual(32 * newSpace([]));
  });
});
