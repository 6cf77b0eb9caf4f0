/** `npm run lint`'s check of the layers (scripts/lib/layers.ts): the client's and the server's. */
import {
  layerViolations,
  routerSchemaImports,
  serverDomainTies,
  serverLayerViolations,
} from './lib/layers.ts';

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
const server = serverLayerViolations();
if (server.length > 0) {
  process.stderr.write(
    `Imports against the server's layers (common/ <- db/ <- services <- routers <- wiring; app/ only as docs/architecture.md lists):\n`,
  );
  for (const line of server) process.stderr.write(`  ${line}\n`);
  failed = true;
}
const ties = serverDomainTies();
if (ties.length > 0) {
  process.stderr.write(
    `Services tied both ways: one imports the other's values, the other reaches back through types only (an interface such as EventBus):\n`,
  );
  for (const line of ties) process.stderr.write(`  ${line}\n`);
  failed = true;
}
if (failed) process.exit(1);
