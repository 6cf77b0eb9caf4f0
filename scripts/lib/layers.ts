/**
 * The client's layers (docs/architecture.md): imports flow one way, lib -> components ->
 * features -> islands and routes. A feature never reaches into another feature: what two
 * features share goes down a layer (app/lib, app/components). Type-only imports count too: they
 * tie the code together all the same. `npm run lint` runs it (scripts/check-layers.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const appDir = path.join(root, 'app');

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests are not shipped: one may import what it checks from any layer.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The layer of a file under app/: 'lib' (with the site's fixed content), 'components',
 * 'feature:<name>', 'islands', 'routes' or 'app' (the root, entries and service worker).
 */
export function layerOf(file: string): string {
  const [first, second] = path.relative(appDir, file).split(path.sep);
  if (first === 'features' && second) return `feature:${second}`;
  if (first === 'lib' || first === 'content') return 'lib';
  if (first === 'components' || first === 'islands' || first === 'routes') return first;
  return 'app';
}

/** The app file an import names, or undefined for a package or a module outside app/. */
function resolveImport(from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('~/')) target = path.join(appDir, specifier.slice(2));
  else if (specifier.startsWith('#app/')) target = path.join(appDir, specifier.slice(5));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return undefined;
  return target.startsWith(appDir + path.sep) ? target : undefined;
}

/** Which layers a layer may import from. */
export function mayImport(layer: string, target: string): boolean {
  if (layer === target) return true;
  switch (layer) {
    case 'lib':
      return false;
    case 'components':
      return target === 'lib';
    case 'islands':
      return target !== 'routes' && target !== 'app';
    case 'routes':
    case 'app':
      return true;
    default:
      // A feature: the layers below it, never another feature.
      return target === 'lib' || target === 'components';
  }
}

/** Every import of app/ that goes against the layers, as "file (layer) -> specifier". */
export function layerViolations(): string[] {
  const wrong: string[] = [];
  for (const file of sourceFiles(appDir)) {
    const layer = layerOf(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, specifier as string);
      if (target === undefined) continue;
      if (!mayImport(layer, layerOf(target)))
        wrong.push(`${path.relative(root, file)} (${layer}) -> ${specifier}`);
    }
  }
  return wrong;
}

const apiDir = path.join(root, 'server/api');

/** An import statement's named part and source, `import type` marked. */
const STATIC_IMPORT = /\bimport\s+(type\s+)?([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g;

/** Whether a specifier names db/schema.ts: '#db/schema.ts' or a relative path to it. */
export function namesSchema(specifier: string): boolean {
  return /^#db\/schema(\.ts)?$/.test(specifier) || /^(\.\.?\/)+db\/schema(\.ts)?$/.test(specifier);
}

/**
 * Whether an import's named part brings values: anything but `import type …` or
 * `import { type A, type B }`.
 */
export function importsValues(typeKeyword: string | undefined, names: string): boolean {
  if (typeKeyword) return false;
  const braces = /^\{([^}]*)\}$/.exec(names.trim());
  if (!braces) return true;
  return (braces[1] as string)
    .split(',')
    .map((name) => name.trim())
    .some((name) => name !== '' && !name.startsWith('type '));
}

/**
 * The server's routers only route (docs/architecture.md): a file of server/api/ parses, calls a
 * service and answers; the tables are the services' (server/<domain>/). Every value import of
 * db/schema.ts there, as "file -> specifier"; types stay allowed.
 */
export function routerSchemaImports(): string[] {
  const wrong: string[] = [];
  for (const file of sourceFiles(apiDir)) {
    for (const [, typeKeyword, names, specifier] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (namesSchema(specifier as string) && importsValues(typeKeyword, names as string))
        wrong.push(`${path.relative(root, file)} -> ${specifier}`);
    }
  }
  return wrong;
}
