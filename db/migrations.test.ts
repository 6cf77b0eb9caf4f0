/**
 * Drizzle's migrator applies a migration only when its journal time (`when`) is later than that of
 * the last migration the database recorded: one generated with an earlier time (two branches, a
 * hand-written entry, a clock behind) would be skipped without a word on every database that
 * already has the later ones. So the journal must go strictly forward, one SQL file per entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate.ts';

type Journal = { entries: { idx: number; when: number; tag: string }[] };

describe('migration journal', () => {
  it('goes strictly forward in time, with one SQL file for each entry and none left out', () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
    ) as Journal;
    const backwards = journal.entries
      .slice(1)
      .filter((entry, i) => entry.when <= (journal.entries[i]?.when ?? 0))
      .map((entry) => entry.tag);
    expect(backwards).toEqual([]);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
    const files = fs.readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));
    expect(files.sort()).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`).sort());
  });
});
