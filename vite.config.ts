import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // The server build's entry is our Express server, which imports React Router's server build:
  // API, SSR and background work then share one module graph (React Router's custom-server setup).
  environments: {
    ssr: { build: { rollupOptions: { input: './server/main.ts' }, target: 'node24' } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
