/** `npm run lint`'s check of the layers (scripts/lib/layers.ts): the client's, and the server's routers. */
import { layerViolations, routerSchemaImports } from './lib/layers.ts';

let failed = false;
const wrong = layerViolations();
if (wrong.length > 0) {
  process.stderr.write(`Imports against the layers (lib -> components -> features -> islands, routes):\n`);
  for (const line of wrong) process.stderr.write(`  ${line}\n`);
  failed = true;
}
const tables = routerSchemaImports();
if (tables.length > 0) {
  process.stderr.write(
    `Routers only route: server/api/ imports no table from db/schema.ts (types only); move the query into a service under server/<domain>/:\n`,
  );
  for (const line of tables) process.stderr.write(`  ${line}\n`);
  failed = true;
}
if (failed) process.exit(1);
