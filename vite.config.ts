import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

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

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // The server build's entry is our Express server, which imports React Router's server build:
  // API, SSR and background work then share one module graph (React Router's custom-server setup).
  environments: {
    ssr: { build: { rollupOptions: { input: './server/main.ts' }, target: 'node24' } },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Fingerprinted assets are compressed once at build time (Brotli 11, gzip 9) and served as
    // files (server/app.ts): smaller than on-the-fly compression, and no CPU per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json|webmanifest|xml)$/ }),
    serviceWorker(),
  ],
});
