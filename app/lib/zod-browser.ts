/**
 * zod as the browser's bundle imports it (vite.config.ts, `zodWithoutEval`): every `import … from
 * 'zod'` of the client build comes here, which switches zod's compiled parsers off before any
 * schema is built. Otherwise zod probes once for `new Function`, which the CSP refuses (no
 * 'unsafe-eval'): Chromium then reports a CSP issue on every page with a form (Lighthouse's best
 * practices). The server keeps the compiled parsers.
 */
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';
export { default } from 'zod';
