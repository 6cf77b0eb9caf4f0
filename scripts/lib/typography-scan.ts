/**
 * Finds, and fixes, the visible strings of a source file that break French typography (an ordinary
 * space before `! ? : ;` or inside « »; see common/typography.ts) or write a curly apostrophe (’)
 * where the specification writes the straight one ('). Only string literals, template literal parts
 * and JSX text are read, through a real parser: code such as `a ? b : c`, and comments, are never
 * touched. Used by tests/source/typography.test.ts (the check) and scripts/fix-typography.ts (the fix).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { frenchTypography, needsFrenchTypography } from '#common/typography.ts';

type TextNode = { start: number; end: number; line: number; raw: string; type: string; parentType: string };

const TEXT_TYPES = new Set(['StringLiteral', 'JSXText', 'TemplateElement']);
/** Strings that are code, not text: module specifiers. */
const SKIPPED_PARENTS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration']);

function textNodes(source: string, fileName: string): TextNode[] {
  const ast = parse(source, {
    sourceType: 'module',
    sourceFilename: fileName,
    plugins: ['typescript', ...(fileName.endsWith('.tsx') ? (['jsx'] as const) : [])],
  });
  const found: TextNode[] = [];
  const visit = (node: unknown, parentType: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parentType);
      return;
    }
    const n = node as { type?: string; start?: number; end?: number; loc?: { start: { line: number } } };
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
      });
      return;
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'extra')
        continue;
      visit(value, n.type ?? parentType);
    }
  };
  visit(ast.program, 'Program');
  return found;
}

export type TypographyIssue = { file: string; line: number; text: string };

const CURLY_APOSTROPHE = '\u2019';
const hasCurlyApostrophe = (text: string) => text.includes(CURLY_APOSTROPHE);

const issuesOf = (source: string, fileName: string, wrong: (raw: string) => boolean) =>
  textNodes(source, fileName)
    .filter((node) => wrong(node.raw))
    .map((node) => ({ file: fileName, line: node.line, text: node.raw.trim().slice(0, 120) }));

export function typographyIssues(source: string, fileName: string): TypographyIssue[] {
  return issuesOf(source, fileName, (raw) => needsFrenchTypography(raw) || hasCurlyApostrophe(raw));
}

/** Only the curly apostrophes (for texts whose spacing is mended when shown, such as the seed's content). */
export function curlyApostropheIssues(source: string, fileName: string): TypographyIssue[] {
  return issuesOf(source, fileName, hasCurlyApostrophe);
}

/**
 * A quoted string literal with its curly apostrophes made straight, quoted again as the formatter
 * would: single quotes unless double ones need fewer escapes.
 */
function straightLiteral(raw: string): string {
  const quote = raw[0];
  if (quote !== "'" && quote !== '"') return raw;
  // The literal's characters, its escapes kept as they are except the escaped quotes.
  const parts = raw.slice(1, -1).match(/\\[\s\S]|[\s\S]/g) ?? [];
  const chars = parts.map((part) =>
    part === "\\'" || part === '\\"' ? part.slice(1) : part === CURLY_APOSTROPHE ? "'" : part,
  );
  const count = (c: string) => chars.filter((part) => part === c).length;
  const chosen = count('"') < count("'") ? '"' : "'";
  return chosen + chars.map((part) => (part === chosen ? `\\${part}` : part)).join('') + chosen;
}

function straighten(node: TextNode): string {
  if (node.type === 'StringLiteral' && node.parentType !== 'JSXAttribute') return straightLiteral(node.raw);
  // A JSX attribute (double-quoted, without escapes), a template literal's part or JSX text: the
  // straight apostrophe needs no escape.
  return node.raw.replaceAll(CURLY_APOSTROPHE, "'");
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
export function straightenApostrophes(source: string, fileName: string): string {
  return rewrite(source, fileName, (node) => (hasCurlyApostrophe(node.raw) ? straighten(node) : node.raw));
}

export function fixTypography(source: string, fileName: string): string {
  return rewrite(straightenApostrophes(source, fileName), fileName, (node) =>
    needsFrenchTypography(node.raw) ? frenchTypography(node.raw) : node.raw,
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
