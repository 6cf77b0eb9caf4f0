/**
 * `npm run db:seed`: the same idempotent seed the server runs at first start (demo content once,
 * missing settings and templates, first admin). A generated admin password is printed once on a
 * terminal, otherwise written to DATA_DIR/first-admin-password.txt, as the server does.
 */
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { handOverFirstAdminPassword } from '#server/auth/first-admin-password.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
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
    const admin = await handOverFirstAdminPassword(result.adminCreated, {
      dataDir: env.DATA_DIR,
      // This script says where the file is itself.
      logger: createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
      terminal: process.stdout.isTTY === true,
    });
    if (admin.generatedPassword) process.stdout.write(`Password (shown once): ${admin.generatedPassword}\n`);
    if (admin.passwordFile) process.stdout.write(`Password written to ${admin.passwordFile}\n`);
  }
} finally {
  await database.close();
}
