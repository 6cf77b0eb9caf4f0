import type { Config } from '@react-router/dev/config';

export default {
  // Every public page is rendered on the server: complete HTML before any JavaScript runs.
  ssr: true,
  // BUILD_DIR lets two builds (e.g. two test runs) live side by side; `build` by default.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
