/**
 * Finds, and fixes, the visible strings of a source file that break French typography (an ordinary
 * space before `! ? : ;` or inside « »; see common/typography.ts). Only string literals, template
 * literal parts and JSX text are read, through a real parser: code such as `a ? b : c` is never
 * touched. Used by tests/source/typography.test.ts (the check) and scripts/fix-typography.ts (the fix).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { frenchTypography, needsFrenchTypography } from '#common/typography.ts';

type TextNode = { start: number; end: number; line: number; raw: string };

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

export function typographyIssues(source: string, fileName: string): TypographyIssue[] {
  return textNodes(source, fileName)
    .filter((node) => needsFrenchTypography(node.raw))
    .map((node) => ({ file: fileName, line: node.line, text: node.raw.trim().slice(0, 120) }));
}

export function fixTypography(source: string, fileName: string): string {
  let fixed = source;
  // From the end, so that earlier offsets stay valid.
  for (const node of textNodes(source, fileName).reverse()) {
    if (!needsFrenchTypography(node.raw)) continue;
    fixed = fixed.slice(0, node.start) + frenchTypography(node.raw) + fixed.slice(node.end);
  }
  return fixed;
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
