/**
 * Finds, and fixes, the visible strings of a source file that break French typography (an ordinary
 * space before `! ? : ;` or inside « »; see common/typography.ts) or write the straight apostrophe
 * (') where French writes the typographic one (’). Only string literals, template literal parts
 * and JSX text are read, through a real parser: code such as `a ? b : c`, and comments, are never
 * touched. Used by tests/source/typography.test.ts (the check) and scripts/fix-typography.ts (the fix).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { APOSTROPHE, frenchSpacing } from '#common/typography.ts';

const needsSpacing = (text: string) => frenchSpacing(text) !== text;

type TextNode = {
  start: number;
  end: number;
  line: number;
  raw: string;
  type: string;
  parentType: string;
  /** A template literal's part or JSX text followed by an expression (`d'${x}`, `d'{x}`). */
  beforeExpression: boolean;
  /** Code whose quotes are never apostrophes: a tagged template (sql`…`) or a script's source. */
  code: boolean;
};

const TEXT_TYPES = new Set(['StringLiteral', 'JSXText', 'TemplateElement']);
/** Strings that are code, not text: module specifiers. */
const SKIPPED_PARENTS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration']);
/** Files whose template literals are a script's source (the inline script of every page). */
const SCRIPT_SOURCES = [/app[\\/]islands[\\/]bootstrap\.ts$/];

function textNodes(source: string, fileName: string): TextNode[] {
  const ast = parse(source, {
    sourceType: 'module',
    sourceFilename: fileName,
    plugins: ['typescript', ...(fileName.endsWith('.tsx') ? (['jsx'] as const) : [])],
  });
  const found: TextNode[] = [];
  const visit = (node: unknown, parentType: string, code: boolean, next?: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((child, index) => {
        visit(child, parentType, code, node[index + 1]);
      });
      return;
    }
    const n = node as {
      type?: string;
      start?: number;
      end?: number;
      tail?: boolean;
      loc?: { start: { line: number } };
    };
    if (
      n.type &&
      TEXT_TYPES.has(n.type) &&
      !SKIPPED_PARENTS.has(parentType) &&
      n.start != null &&
      n.end != null
    ) {
      found.push({
        start: n.start,
        end: n.end,
        line: n.loc?.start.line ?? 0,
        raw: source.slice(n.start, n.end),
        type: n.type,
        parentType,
        beforeExpression:
          n.type === 'TemplateElement'
            ? n.tail === false
            : n.type === 'JSXText' &&
              (next as { type?: string } | undefined)?.type === 'JSXExpressionContainer',
        code,
      });
      return;
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'extra')
        continue;
      visit(value, n.type ?? parentType, code || n.type === 'TaggedTemplateExpression');
    }
  };
  visit(
    ast.program,
    'Program',
    SCRIPT_SOURCES.some((file) => file.test(fileName)),
  );
  return found;
}

export type TypographyIssue = { file: string; line: number; text: string };

/**
 * The straight apostrophes of a text node that French writes ’: between two letters, or after a
 * letter at the end of a part followed by an expression (`d'${hour}`). Escaped (\') in a
 * single-quoted literal. Never in a tagged template (SQL), whose quotes are code.
 */
function straightApostrophes(node: TextNode): RegExp | null {
  if (node.code) return null;
  return node.beforeExpression ? /(?<=\p{L})\\?'(?=\p{L}|$)/gu : /(?<=\p{L})\\?'(?=\p{L})/gu;
}

const hasStraightApostrophe = (node: TextNode) => {
  const pattern = straightApostrophes(node);
  // A string literal's own quotes are not in its text.
  const text = node.type === 'StringLiteral' ? node.raw.slice(1, -1) : node.raw;
  return pattern?.test(text) ?? false;
};

const issuesOf = (source: string, fileName: string, wrong: (node: TextNode) => boolean) =>
  textNodes(source, fileName)
    .filter(wrong)
    .map((node) => ({ file: fileName, line: node.line, text: node.raw.trim().slice(0, 120) }));

export function typographyIssues(source: string, fileName: string): TypographyIssue[] {
  return issuesOf(source, fileName, (node) => needsSpacing(node.raw) || hasStraightApostrophe(node));
}

/** Only the apostrophes (for texts whose spacing is mended when shown, such as the seed's content). */
export function straightApostropheIssues(source: string, fileName: string): TypographyIssue[] {
  return issuesOf(source, fileName, hasStraightApostrophe);
}

/** The node with its straight apostrophes made typographic; quotes are left to the formatter. */
function curl(node: TextNode): string {
  const pattern = straightApostrophes(node);
  if (pattern === null) return node.raw;
  if (node.type !== 'StringLiteral') return node.raw.replace(pattern, APOSTROPHE);
  return node.raw[0] + node.raw.slice(1, -1).replace(pattern, APOSTROPHE) + node.raw.at(-1);
}

function rewrite(source: string, fileName: string, mend: (node: TextNode) => string): string {
  let fixed = source;
  // From the end, so that earlier offsets stay valid.
  for (const node of textNodes(source, fileName).reverse()) {
    const mended = mend(node);
    if (mended !== node.raw) fixed = fixed.slice(0, node.start) + mended + fixed.slice(node.end);
  }
  return fixed;
}

/** Only the apostrophes, in any source (a test's expected texts included). */
export function curlApostrophes(source: string, fileName: string): string {
  return rewrite(source, fileName, curl);
}

export function fixTypography(source: string, fileName: string): string {
  return rewrite(curlApostrophes(source, fileName), fileName, (node) =>
    needsSpacing(node.raw) ? frenchSpacing(node.raw) : node.raw,
  );
}

/**
 * The source files whose strings reach a person: app/, common/ and server/ (tests excluded), and
 * the seeded email templates.
 */
export function visibleSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.(test|spec)\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts')
      )
        files.push(full);
    }
  };
  for (const dir of ['app', 'common', 'server']) walk(path.join(root, dir));
  files.push(path.join(root, 'db', 'seed-email-templates.ts'));
  return files.sort();
}
