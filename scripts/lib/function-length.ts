/**
 * How long the product's functions are (tests/source/function-length.test.ts): every function,
 * arrow function and method of the source files that run (app, common, db, server; not tests, seed
 * data or generated files), measured in lines from its first to its last, nested ones included in
 * their parent's length as a reader sees them. Parsed with @babel/parser, as the typography scan
 * does, so that strings and comments are never mistaken for code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

/** The longest a function may be: beyond, it is split into named pieces. */
export const MAX_FUNCTION_LINES = 150;

export type FunctionSpan = {
  /** `file:name`, the name a reader would search for (see `nameOf`). */
  id: string;
  line: number;
  lines: number;
};

type Node = {
  type: string;
  loc?: { start: { line: number }; end: { line: number } } | null;
  [key: string]: unknown;
};

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The text of a key or a callee: `name`, `a.b`, `'literal'`. */
function textOf(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Identifier' || node.type === 'PrivateName') {
    return String((node as { name?: unknown }).name ?? (node as { id?: { name?: string } }).id?.name ?? '');
  }
  if (node.type === 'StringLiteral') return `'${String((node as { value?: unknown }).value)}'`;
  if (node.type === 'MemberExpression') return `${textOf(node.object)}.${textOf(node.property)}`;
  return null;
}

/**
 * A function's name as a reader finds it: its own, the variable or property it is assigned to, or
 * the call it is handed to with that call's first string (`router.post('/totp')`), else `anonymous`.
 */
function nameOf(node: Node, parent: Node | null): string {
  const own = textOf(node.id) ?? (FUNCTION_TYPES.has(node.type) && node.key ? textOf(node.key) : null);
  if (own) return own;
  if (parent?.type === 'VariableDeclarator') return textOf(parent.id) ?? 'anonymous';
  if (parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty') {
    return textOf(parent.key) ?? 'anonymous';
  }
  if (parent?.type === 'CallExpression') {
    const args = parent.arguments as unknown[];
    const label = args.find((arg) => isNode(arg) && arg.type === 'StringLiteral');
    return `${textOf(parent.callee) ?? 'call'}(${label ? textOf(label) : ''})`;
  }
  return 'anonymous';
}

/** Every function of `source` with its length in lines. */
export function functionSpans(source: string, file: string): FunctionSpan[] {
  const ast = parse(source, {
    sourceType: 'module',
    plugins: ['typescript', ...(file.endsWith('.tsx') ? (['jsx'] as const) : [])],
  });
  const spans: FunctionSpan[] = [];
  const visit = (node: Node, parent: Node | null) => {
    if (FUNCTION_TYPES.has(node.type) && node.loc) {
      spans.push({
        id: `${file}:${nameOf(node, parent)}`,
        line: node.loc.start.line,
        lines: node.loc.end.line - node.loc.start.line + 1,
      });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child, node);
    }
  };
  visit(ast.program as unknown as Node, null);
  return spans;
}

/** The folders whose code runs in the product. */
const PRODUCT_DIRS = ['app', 'common', 'db', 'server'];
/** Tests, seed data and generated files are data or checks, not code a reader follows. */
const NOT_PRODUCT = [
  /\.test\.tsx?$/,
  /\.d\.ts$/,
  /(^|\/)seed[-\w]*\.ts$/,
  /(^|\/)\+types\//,
  /^db\/migrations\//,
];

/** The product's source files, relative to `root`. */
export function productSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !NOT_PRODUCT.some((pattern) => pattern.test(relative))) {
        files.push(relative);
      }
    }
  };
  for (const dir of PRODUCT_DIRS) walk(dir);
  return files.sort();
}

/** The product's functions longer than MAX_FUNCTION_LINES, longest first. */
export function longFunctions(root: string): FunctionSpan[] {
  return productSourceFiles(root)
    .flatMap((file) => functionSpans(fs.readFileSync(path.join(root, file), 'utf8'), file))
    .filter((span) => span.lines > MAX_FUNCTION_LINES)
    .sort((a, b) => b.lines - a.lines);
}
