import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import type { IslandAssets } from './app/islands/bootstrap.ts';

/** Same default as react-router.config.ts: the client build, the service worker and its manifest. */
const clientDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');

/**
 * The service worker (docs/decisions/020-pwa.md). React Router builds two Vite environments,
 * client then SSR, with one plugin list: vite-plugin-pwa's hooks are limited to the client
 * environment, so the worker is built once, after the client bundle is written, with the client
 * files in its precache manifest. Pages are not files: the worker fetches /offline at install and
 * caches the pages a visitor opens (app/sw.ts). The manifest is a static file in public/.
 */
function serviceWorker(): Plugin[] {
  const plugins = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'app',
    filename: 'sw.ts',
    outDir: clientDir,
    manifest: false,
    injectRegister: false,
    // Registered by app/lib/service-worker.ts in production builds only; none in `npm run dev`.
    devOptions: { enabled: false },
    injectManifest: {
      globDirectory: clientDir,
      globPatterns: [
        'assets/**/*.{js,css}',
        'manifest.webmanifest',
        'icon-192.png',
        'icon.svg',
        'favicon.ico',
      ],
      // Hashed file names: the name is the version.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      manifestTransforms: [async (entries) => ({ manifest: publicShellOnly(entries), warnings: [] })],
    },
  }).flat() as Plugin[];
  return plugins.map((plugin) => ({
    ...plugin,
    applyToEnvironment: (environment) => environment.name === 'client',
  }));
}

/**
 * What a visitor's phone downloads at install: the scripts and styles the public site can load
 * (routes, and the chunks they import or load later: lead modals, toasts, PWA overlays), not the
 * back-office's (charts, editors), which never works offline anyway. Read from Vite's build
 * manifest, which exists while the client build closes. It also keeps out the files of earlier
 * builds: a BUILD_DIR outside the project is not emptied between builds.
 */
function publicShellOnly<T extends { url: string }>(entries: T[]): T[] {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return entries;
  type Chunk = {
    file: string;
    src?: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  };
  const chunks = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const isAdmin = (key: string) =>
    key.startsWith('app/routes/admin/') || key.startsWith('app/features/admin/');
  const shell = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || shell.has(chunk.file) || isAdmin(key)) return;
    shell.add(chunk.file);
    for (const css of chunk.css ?? []) shell.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])])
      if (!isAdmin(next)) visit(next);
  };
  for (const [key, chunk] of Object.entries(chunks)) if (chunk.isEntry && !isAdmin(key)) visit(key);
  // React Router's browser manifest is not a Vite chunk: the newest one is this build's.
  const assets = fs.readdirSync(path.join(clientDir, 'assets'));
  const routerManifest = assets
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, time: fs.statSync(path.join(clientDir, 'assets', name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)[0];
  if (routerManifest) shell.add(`assets/${routerManifest.name}`);
  return entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url));
}

/**
 * The public pages' client entry (app/islands, docs/decisions/030-public-islands.md), built with
 * the client bundle so that it shares its chunks (React) and lands in the service worker's
 * precache. Its hashed name and the chunks it imports at once are handed to the server build as
 * `virtual:islands-assets` (server/main.ts); in `npm run dev` Vite serves the source itself.
 */
function islandsEntry(): Plugin[] {
  const source = ISLANDS_ENTRY;
  const virtualId = 'virtual:islands-assets';
  // Set by the client build, which React Router runs before the server build that reads it.
  let assets: IslandAssets | undefined;
  return [
    {
      name: 'islands-entry',
      applyToEnvironment: (environment) => environment.name === 'client',
      options(options) {
        const input = options.input;
        if (Array.isArray(input)) options.input = [...input, source];
        else if (typeof input === 'string') options.input = [input, source];
        else options.input = { ...input, islands: source };
        // What the back-office's chunk group needs (it does not pull in its modules' dependencies,
        // publicChunks): an entry chunk (a route module) may export more than its module does.
        // React Router sets 'exports-only' for the client build; every export is still kept.
        options.preserveEntrySignatures = 'allow-extension';
        return options;
      },
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(source));
        if (!entry) throw new Error(`The client build has no chunk for ${source}`);
        // The chunks the entry imports, dependencies first: the bootstrap preloads them together,
        // then evaluates them in this order, one task each.
        const preload = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || preload.has(fileName)) return;
          for (const next of chunk.imports) visit(next);
          preload.add(fileName);
        };
        for (const next of entry.imports) visit(next);
        // React and the islands' chunk, fetched (neither compiled nor run) once the page is idle: an island woken
        // when the connection drops (the indicators, the offline banner) still finds them.
        const islands = chunks.find((chunk) =>
          chunk.moduleIds.some((id) => id.endsWith('app/islands/hydrate.tsx')),
        );
        const later = new Set<string>();
        const visitLater = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || later.has(fileName) || preload.has(fileName)) return;
          for (const next of chunk.imports) visitLater(next);
          later.add(fileName);
        };
        if (islands) visitLater(islands.fileName);
        assets = {
          entry: `/${entry.fileName}`,
          preload: [...preload].map((file) => `/${file}`),
          later: [...later].map((file) => `/${file}`),
        };
        // Nothing that only the back-office uses may reach a public page (decision 030): no chunk
        // the islands can load, at once or later, holds a back-office module.
        const reachable = new Set<string>();
        const walk = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || reachable.has(fileName)) return;
          reachable.add(fileName);
          const admin = chunk.moduleIds.find((id) => /app[\\/](routes|features)[\\/]admin[\\/]/.test(id));
          if (admin) this.error(`The public chunk ${fileName} holds the back-office module ${admin}`);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) walk(next);
        };
        walk(entry.fileName);
        // The entry's chunk runs the public pages' start when it is evaluated: no other chunk
        // (the back-office's among them) may import it.
        const importer = chunks.find(
          (chunk) => chunk !== entry && [...chunk.imports, ...chunk.dynamicImports].includes(entry.fileName),
        );
        if (importer) this.error(`${importer.fileName} imports the public entry's chunk ${entry.fileName}`);
        // The audience beacon runs inside the entry's runtime chunk (one request fewer on every page); its
        // own code as built is written beside the build's manifest, for `npm run perf` to hold it
        // to its 1 KB of Brotli (decision 084). Not served: the server ignores dot folders.
        const beacon = chunks
          .flatMap((chunk) => Object.entries(chunk.modules))
          .find(([id]) => id.endsWith(BEACON_MODULE))?.[1].code;
        if (!beacon) this.error(`No public chunk holds the audience beacon (${BEACON_MODULE})`);
        this.emitFile({ type: 'asset', fileName: BEACON_CODE_FILE, source: beacon });
        // The entry and the chunks it imports at once are framework-free: React comes with the
        // first island that needs it (app/islands/live.ts), and a page whose islands all wait
        // for the visitor loads none.
        for (const fileName of [entry.fileName, ...preload]) {
          const chunk = bundle[fileName];
          const react = chunk?.type === 'chunk' && chunk.moduleIds.find((id) => REACT.test(id));
          if (react) this.error(`The islands' entry loads ${react} at once (through ${fileName})`);
        }
      },
    },
    {
      name: 'islands-assets',
      resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
      load(id) {
        if (id !== `\0${virtualId}`) return undefined;
        if (!assets) this.error(`${virtualId} needs the client build first (npm run build)`);
        return `export default ${JSON.stringify(assets)};`;
      },
    },
  ];
}

/**
 * The browser's zod is app/lib/zod-browser.ts, which configures it before any schema is built:
 * every other module's `import … from 'zod'` resolves to that file, which alone reaches the
 * package itself.
 */
function zodWithoutEval(): Plugin {
  const browserZod = path.resolve('app/lib/zod-browser.ts');
  return {
    name: 'zod-without-eval',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source, importer) => (source === 'zod' && importer !== browserZod ? browserZod : null),
  };
}

/**
 * Few files for a public page (decision 098: at most 12 scripts before any interaction). Left to
 * itself the bundler cuts the islands' code into ~35 tiny chunks, because the back-office shares
 * many of its modules (button, icons, helpers). Instead, the public pages' code goes into three
 * chunks: the entry's framework-free runtime (what it imports at once: lead buttons, the stores,
 * the held taps; and the PWA runtime it starts), React (react-dom's client), the site's
 * always-present islands (header, footer form, offline banner, the runtime island and what they
 * import), loaded with React when the first island needs it. Code loaded on
 * interaction (the lead modals, the toaster, the contact form) keeps its own chunks.
 *
 * The back-office is served over HTTP/1.1 by the app (HTTP/2 behind Caddy in production), where a
 * phone on slow 4G pays a round trip per file six at a time: the sign-in waited behind 33 files.
 * What only the login screen needs is one chunk ('sign-in'), what it shares with the other
 * screens (the forms' error handling, the session) another ('admin-session'), and what only the
 * first screens after it need (the layout, the dashboard, the leads list) a third ('admin'): a
 * screen past the login never loads the login's own code. Modules the public pages can load stay
 * out of all three: a public chunk never loads back-office code.
 */
const ISLANDS_ENTRY = 'app/islands/entry.client.ts';
const ISLAND_ROOTS = [
  'app/islands/hydrate.tsx',
  'app/islands/site-runtime.tsx',
  'app/components/layout/site-header.tsx',
  'app/features/pwa/offline-banner.tsx',
  'app/features/newsletter/newsletter-form.tsx',
];
const BEACON_MODULE = 'app/lib/audience/beacon.ts';
/** The beacon's code as built, in the client build (scripts/perf.ts reads it). */
const BEACON_CODE_FILE = '.vite/audience-beacon.js';
const IDLE_ROOTS = ['app/features/pwa/pwa-runtime.ts', BEACON_MODULE];
const ADMIN_LOGIN = 'app/routes/admin/login.tsx';
const ADMIN_FIRST_SCREENS = [
  'app/routes/admin/layout.tsx',
  'app/routes/admin/dashboard.tsx',
  'app/routes/admin/contacts.tsx',
];
const LUCIDE_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/** The back-office's route modules, as paths from the project's root. */
const adminRoutes = () =>
  fs
    .readdirSync('app/routes/admin', { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join('app/routes/admin', name));

function publicChunks() {
  let runtime: Set<string> | undefined;
  let site: Set<string> | undefined;
  let idle: Set<string> | undefined;
  let signIn: Set<string> | undefined;
  let sessionCode: Set<string> | undefined;
  let admin: Set<string> | undefined;
  const closure = (ctx: ChunkingContext, roots: string[], exclude = new Set<string>(), lazy = false) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || exclude.has(id)) return;
      const info = ctx.getModuleInfo(id);
      if (!info) return;
      seen.add(id);
      for (const next of info.importedIds) visit(next);
      if (lazy) for (const next of info.dynamicallyImportedIds) visit(next);
    };
    for (const root of roots) visit(path.resolve(root));
    return seen;
  };
  /**
   * lucide-react's index imports every icon: through it, every icon any screen uses (98, most of
   * them the back-office's) would count as needed wherever one is: in the islands' chunk, or kept
   * out of the back-office's. Icons are imported one by one (`lucide-react/icons/menu`).
   */
  const withoutIconIndex = (ctx: ChunkingContext, modules: Set<string>, what: string) => {
    const barrel = [...modules].find((id) => LUCIDE_INDEX.test(id));
    if (!barrel) return modules;
    const importers = ctx.getModuleInfo(barrel)?.importers.filter((id) => modules.has(id)) ?? [];
    throw new Error(
      `${what} must import icons as lucide-react/icons/<name>, not from lucide-react: ${importers
        .map((id) => path.relative(process.cwd(), id))
        .join(', ')}`,
    );
  };
  const sets = (ctx: ChunkingContext) => {
    runtime ??= closure(ctx, [ISLANDS_ENTRY]);
    site ??= closure(ctx, ISLAND_ROOTS, runtime);
    idle ??= closure(ctx, IDLE_ROOTS, new Set([...runtime, ...site]));
    if (!admin) {
      // Everything a public page can ever load, at once or later, and what the login screen
      // needs before its form is usable stay where they are; the rest of what the first screens
      // after the sign-in import (the layout, the dashboard, the leads list) is one chunk.
      const publicCode = withoutIconIndex(ctx, closure(ctx, [ISLANDS_ENTRY], new Set(), true), 'Public code');
      const ownCode = (modules: Set<string>, routes: string[]) =>
        new Set(
          [...modules].filter(
            (id) =>
              !id.startsWith('\0') &&
              !REACT.test(id) &&
              !publicCode.has(id) &&
              !routes.includes(path.relative(process.cwd(), id)),
          ),
        );
      const login = withoutIconIndex(ctx, closure(ctx, [ADMIN_LOGIN]), 'The login screen');
      const loginCode = ownCode(login, [ADMIN_LOGIN]);
      const otherScreens = closure(
        ctx,
        adminRoutes().filter((route) => route !== ADMIN_LOGIN),
      );
      signIn = new Set([...loginCode].filter((id) => !otherScreens.has(id)));
      sessionCode = new Set([...loginCode].filter((id) => otherScreens.has(id)));
      admin = ownCode(
        withoutIconIndex(ctx, closure(ctx, ADMIN_FIRST_SCREENS, login), 'The back-office'),
        ADMIN_FIRST_SCREENS,
      );
    }
    return { runtime, site, idle, signIn, sessionCode, admin };
  };
  // Higher priority first: React is one chunk of its own (the back-office shares it). Virtual modules (Vite's preload helper,
  // which the entry needs before anything else) are left where the bundler puts them.
  return [
    { priority: 30, name: 'react', test: REACT },
    {
      priority: 25,
      // The PWA runtime and the audience beacon, both run once the page is idle, are in it too: the
      // entry's runtime also loads only then, and each request fewer spares a slow phone's main
      // thread. The entry module stays out: the back-office imports shared modules from this chunk,
      // and must not run the public pages' start (islandsEntry fails the build if it would).
      name: (id: string, ctx: ChunkingContext) =>
        (sets(ctx).runtime.has(id) || sets(ctx).idle.has(id)) &&
        id !== path.resolve(ISLANDS_ENTRY) &&
        !id.startsWith('\0') &&
        !REACT.test(id)
          ? 'runtime'
          : null,
    },
    {
      priority: 20,
      name: (id: string, ctx: ChunkingContext) =>
        sets(ctx).site.has(id) && !id.startsWith('\0') && !REACT.test(id) ? 'islands' : null,
    },
    {
      priority: 7,
      name: (id: string, ctx: ChunkingContext) => (sets(ctx).sessionCode?.has(id) ? 'admin-session' : null),
      includeDependenciesRecursively: false,
    },
    {
      priority: 6,
      name: (id: string, ctx: ChunkingContext) => (sets(ctx).signIn?.has(id) ? 'sign-in' : null),
      includeDependenciesRecursively: false,
    },
    {
      priority: 5,
      name: (id: string, ctx: ChunkingContext) => (sets(ctx).admin?.has(id) ? 'admin' : null),
      // The set is closed already: what its modules import is in it or in a chunk public pages
      // and the login screen load, which must not move here.
      includeDependenciesRecursively: false,
    },
  ];
}

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // The server build's entry is our Express server, which imports React Router's server build:
  // API, SSR and background work then share one module graph (React Router's custom-server setup).
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: publicChunks() } } } },
    },
    ssr: { build: { rollupOptions: { input: './server/main.ts' }, target: 'node24' } },
  },
  plugins: [
    tailwindcss(),
    zodWithoutEval(),
    reactRouter(),
    islandsEntry(),
    // Fingerprinted assets are compressed once at build time (Brotli 11, gzip 9) and served as
    // files (server/app.ts): smaller than on-the-fly compression, and no CPU per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json|webmanifest|xml)$/ }),
    serviceWorker(),
  ],
});
