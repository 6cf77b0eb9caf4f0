/**
 * The handover documentation holds to its own rules (docs/decisions/README.md): every decision
 * record says when it was taken and where it stands, the index lists every record, and the code's
 * comments cite decisions, never the numbers of an issue tracker its reader does not have. They
 * cite the requirements as `docs/product.md §N.M`, a section that page has, never the product
 * specification it restates, which lives outside the repository.
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

/** The numbered sections of docs/product.md: its headings `## §3 …`, `### §3.2 …`. */
const productDoc = fs.readFileSync(path.join(root, 'docs/product.md'), 'utf8');
const productSections = [...productDoc.matchAll(/^#{2,4} §(\d+(?:\.\d+)*) \S/gm)].map(
  (match) => match[1] ?? '',
);

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

describe('docs/product.md', () => {
  it('has the nine sections of the specification, each with subsections numbered in order', () => {
    const top = productSections.filter((number) => !number.includes('.'));
    expect(top).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    for (const section of top) {
      const subsections = productSections.filter((number) => number.startsWith(`${section}.`));
      expect(subsections, `§${section}`).toEqual(subsections.map((_, i) => `${section}.${i + 1}`));
    }
  });
});

/** `file:line text` for every line of the source (comments included) that `test` picks. */
function sourceLines(test: (line: string) => boolean): string[] {
  return sourceFiles().flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (test(line) ? [`${path.relative(root, file)}:${i + 1} ${line.trim()}`] : [])),
  );
}

describe('code comments', () => {
  it('cite decisions or docs/product.md, never an issue number', () => {
    const issueNumber = /\bissues?\s*#?\d/i;
    expect(sourceLines((line) => issueNumber.test(line))).toEqual([]);
  });

  it('cite the requirements in docs/product.md, never the specification outside the repository', () => {
    // "spec" or "the specification's", then a section sign and a number: its reader cannot open it.
    const specSection = /\bspec(?:ification)?(?:['’]s)?\W{0,3}§/i;
    expect(sourceLines((line) => specSection.test(line))).toEqual([]);
  });

  it('cite only sections that docs/product.md has', () => {
    // In the source, § always cites docs/product.md ("docs/product.md §2.7, §5.1"): the code cites
    // no other numbered document (write "section 3.1 of RFC 8058" for one).
    const known = new Set(productSections);
    const cites = (line: string) =>
      [...line.matchAll(/§\s?(\d+(?:\.\d+)*)/g)].some((match) => !known.has(match[1] ?? ''));
    expect(sourceLines(cites)).toEqual([]);
  });
});

describe('the README and docs/', () => {
  /** The repository's own Markdown: what a clone has to read. */
  const markdownFiles = [
    'README.md',
    ...fs
      .readdirSync(path.join(root, 'docs'))
      .flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : [])),
    ...records.map((name) => `docs/decisions/${name}`),
    'docs/decisions/README.md',
  ];

  it('link only to files inside the repository that exist', () => {
    const broken = markdownFiles.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      // Relative Markdown links; a link to a URL, an anchor or a route of the site (`/contact`) is not a file.
      const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((match) => match[1] ?? '')
        .filter((target) => !/^(https?:|mailto:|\/)/.test(target) && /\.\w+$/.test(target));
      return targets.flatMap((target) => {
        const resolved = path.resolve(root, path.dirname(file), target);
        const inside = resolved.startsWith(`${root}${path.sep}`);
        return inside && fs.existsSync(resolved) ? [] : [`${file} → ${target}`];
      });
    });
    expect(broken).toEqual([]);
  });
});
