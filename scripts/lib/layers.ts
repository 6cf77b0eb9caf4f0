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

/**
 * The server's layers (docs/architecture.md): common/ <- db/ <- server/, and inside server/ the
 * routers (api/) over the services (server/<domain>/, one layer per domain) over db/. The wiring
 * (the files that build and start the process) sits above them all; server/'s other top files
 * (errors, logger, env) are shared by every layer.
 */
export type ServerLayer = 'common' | 'db' | 'app' | 'wiring' | 'base' | 'routers' | `service:${string}`;

/** The files that build and start the process: only they may import the routers. */
const WIRING = new Set(['main.ts', 'dev.ts', 'start.ts', 'app.ts', 'app-deps.ts', 'seed.ts']);

/**
 * The only modules of app/ the server imports, each with why (docs/architecture.md keeps the
 * same list): the router context, which the server fills and the loaders read, and the public
 * pages' inline bootstrap, whose hash the Content-Security-Policy allows and whose assets' shape
 * the build hands over.
 */
export const SERVER_APP_IMPORTS = new Map<string, string>([
  ['app/context.server.ts', 'the router context: the server fills it, the loaders read it'],
  ['app/islands/bootstrap.ts', 'the inline bootstrap: its CSP hash and its assets’ type'],
]);

/** The layer of a file of common/, db/ or server/ (or 'app' for one of app/). */
export function serverLayerOf(file: string): ServerLayer | undefined {
  const [first, second, third] = path.relative(root, file).split(path.sep);
  if (first === 'common' || first === 'db' || first === 'app') return first;
  if (first !== 'server' || second === undefined) return undefined;
  if (third === undefined) return WIRING.has(second) ? 'wiring' : 'base';
  return second === 'api' ? 'routers' : `service:${second}`;
}

/**
 * Whether a file of layer `layer` may import one of `target`, `values` telling an import of
 * values from a type-only one. The services' ties with one another are the next rule's
 * (serverDomainTies); app/ is SERVER_APP_IMPORTS'.
 */
export function mayImportOnServer(layer: ServerLayer, target: ServerLayer, values: boolean): boolean {
  if (target === 'app') return false;
  if (layer === 'common') return target === 'common';
  if (layer === 'db') return target === 'common' || target === 'db';
  if (layer === 'wiring' || layer === 'base') return true;
  // Routers and services: never the wiring's values (its types, the dependencies', are fine).
  if (target === 'wiring') return !values;
  // A service never reaches up into a router.
  return !(layer.startsWith('service:') && target === 'routers');
}

/** An import or re-export with its named part, `type` marked, and its source. */
const STATIC_IMPORT_OR_EXPORT = /\b(?:import|export)\s+(type\s+)?([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g;

export type ServerImport = { file: string; specifier: string; target: string; values: boolean };

/** The file of common/, db/, server/ or app/ an import names, or undefined for a package. */
function resolveServerImport(from: string, specifier: string): string | undefined {
  const alias = /^#(common|db|server|app)\/(.*)$/.exec(specifier);
  if (alias) return path.join(root, alias[1] as string, alias[2] as string);
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return undefined;
}

/** Every import of common/, db/ and server/ (tests aside) naming a file of the repository. */
function serverImports(): ServerImport[] {
  const files = ['common', 'db', 'server'].flatMap((dir) => sourceFiles(path.join(root, dir)));
  return files.flatMap((file) => {
    const source = fs.readFileSync(file, 'utf8');
    const typeOnly = new Map<string, number>();
    for (const [, typeKeyword, names, specifier] of source.matchAll(STATIC_IMPORT_OR_EXPORT)) {
      if (!importsValues(typeKeyword, names as string))
        typeOnly.set(specifier as string, (typeOnly.get(specifier as string) ?? 0) + 1);
    }
    const all = [...source.matchAll(IMPORT)].map(([, specifier]) => specifier as string);
    return [...new Set(all)].flatMap((specifier) => {
      const target = resolveServerImport(file, specifier);
      if (target === undefined) return [];
      const values = all.filter((s) => s === specifier).length > (typeOnly.get(specifier) ?? 0);
      return [{ file, specifier, target, values }];
    });
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** Every import of common/, db/ or server/ against the server's layers, as "file (layer) -> specifier". */
export function serverLayerViolations(): string[] {
  return serverImports().flatMap(({ file, specifier, target, values }) => {
    const layer = serverLayerOf(file) as ServerLayer;
    const targetLayer = serverLayerOf(target);
    if (targetLayer === undefined) return [];
    if (
      targetLayer === 'app' &&
      layer !== 'common' &&
      layer !== 'db' &&
      SERVER_APP_IMPORTS.has(relative(target))
    )
      return [];
    return mayImportOnServer(layer, targetLayer, values)
      ? []
      : [`${relative(file)} (${layer}) -> ${specifier}`];
  });
}

/**
 * Two services are tied one way: when one imports the other's values, the other reaches back
 * through types only (an interface, such as the event bus's `EventBus`), never a value. Every
 * import that ties two domains both ways, as "file (layer) -> specifier".
 */
export function serverDomainTies(imports: ServerImport[] = serverImports()): string[] {
  const domainImports = imports.flatMap((entry) => {
    const from = serverLayerOf(entry.file);
    const to = serverLayerOf(entry.target);
    if (!from?.startsWith('service:') || !to?.startsWith('service:') || from === to) return [];
    return [{ ...entry, from, to }];
  });
  const valueTies = new Set(domainImports.filter((i) => i.values).map((i) => `${i.from} ${i.to}`));
  return domainImports
    .filter((i) => i.values && valueTies.has(`${i.to} ${i.from}`))
    .map((i) => `${relative(i.file)} (${i.from}) -> ${i.specifier}`);
}
