/**
 * Which test files run on both databases. Every file runs in the `pglite` project; the `postgres`
 * project (when TEST_DATABASE_URL is set) runs again only the files that can open a database. The
 * browser's code and the code it shares with the server are tested against stubbed answers, and
 * the source checks read files: run twice, they only spent CPU (decision 115).
 */
import path from 'node:path';

/** Folders whose tests never open a database (relative to the repository, as Vitest globs). */
export const WITHOUT_DATABASE = ['app/**', 'common/**', 'tests/source/**'];

/** Whether the test file at `file` (absolute or relative to the repository) lies in those folders. */
export function isWithoutDatabase(file: string): boolean {
  const relative = path.relative(process.cwd(), path.resolve(file));
  return WITHOUT_DATABASE.some((glob) => path.matchesGlob(relative, glob));
}
