/**
 * The handover documentation holds to its own rules (docs/decisions/README.md): every decision
 * record says when it was taken and where it stands, the index lists every record, and the code's
 * comments cite decisions, never the numbers of an issue tracker its reader does not have.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const decisionsDir = path.join(root, 'docs/decisions');
const records = fs
  .readdirSync(decisionsDir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

/** Files under these folders (and the root's own configuration) whose comments are read. */
const SOURCE_DIRS = ['app', 'common', 'db', 'server', 'scripts', 'tests', '.ci', 'deploy'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|css|sh)$|^run$|^Dockerfile$/;

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (SOURCE_FILE.test(entry.name)) files.push(full);
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  for (const entry of fs.readdirSync(root))
    if (/\.ts$|^Dockerfile$/.test(entry)) files.push(path.join(root, entry));
  return files;
}

describe('decision records', () => {
  it('each has its own number, matching its title', () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const name of records) {
      const title = fs.readFileSync(path.join(decisionsDir, name), 'utf8').split('\n')[0];
      expect(title, name).toMatch(new RegExp(`^# ${name.slice(0, 3)} — \\S`));
    }
  });

  it('each says under its title when it was decided and where it stands', () => {
    const missing = records.filter((name) => {
      const third = fs.readFileSync(path.join(decisionsDir, name), 'utf8').split('\n')[2] ?? '';
      return !/^Date: \d{4}-\d{2}-\d{2} · Status: (proposed|accepted|superseded|deprecated)\b/.test(third);
    });
    expect(missing).toEqual([]);
  });

  it('are all listed by subject in docs/decisions/README.md', () => {
    const index = fs.readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });
});

describe('code comments', () => {
  it('cite decisions or the specification, never an issue number', () => {
    const issueNumber = /\bissues?\s*#?\d/i;
    const found = sourceFiles().flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          issueNumber.test(line) ? [`${path.relative(root, file)}:${i + 1} ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
