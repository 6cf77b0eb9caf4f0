/** `npm run db:migrate`: applies pending migrations (the server also does it at every start). */
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { readEnv } from '#server/env.ts';

const env = readEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR },
);
try {
  await migrateDatabase(database);
  process.stdout.write(`Migrations applied (${database.kind}).\n`);
} finally {
  await database.close();
}
