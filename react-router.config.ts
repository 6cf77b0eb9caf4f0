import type { Config } from '@react-router/dev/config';

export default {
  // Every public page is rendered on the server: complete HTML before any JavaScript runs.
  ssr: true,
} satisfies Config;
