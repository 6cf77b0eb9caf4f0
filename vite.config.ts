import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

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
  ],
});
