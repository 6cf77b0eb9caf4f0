/** `npm run lint`'s check of the client's layers (scripts/lib/layers.ts). */
import { layerViolations } from './lib/layers.ts';

const wrong = layerViolations();
if (wrong.length > 0) {
  process.stderr.write(`Imports against the layers (lib -> components -> features -> islands, routes):\n`);
  for (const line of wrong) process.stderr.write(`  ${line}\n`);
  process.exit(1);
}
