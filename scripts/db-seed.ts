/**
 * `npm run db:seed`: the same idempotent seed the server runs at first start (demo content once,
 * missing settings and templates, first admin). Prints a generated admin password once.
 */
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { readEnv } from '#server/env.ts';
import { seedDatabase } from '#server/seed.ts';

const env = readEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR },
);
try {
  await migrateDatabase(database);
  const result = await seedDatabase(database.db, {
    content: true,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
  });
  process.stdout.write(result.contentSeeded ? 'Demo content written.\n' : 'Demo content already present.\n');
  if (result.adminCreated) {
    process.stdout.write(`Admin created: ${result.adminCreated.email}\n`);
    if (result.adminCreated.generatedPassword) {
      process.stdout.write(`Password (shown once): ${result.adminCreated.generatedPassword}\n`);
    }
  }
} finally {
  await database.close();
}
