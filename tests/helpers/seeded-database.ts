/**
 * A fresh test database seeded as the site starts (settings, email templates and the first
 * admin; the demo content too when `content`), its email templates compiled unless `compile` is
 * false: what the public API, email, newsletter, campaign and attack tests start from.
 */
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { compileTemplates } from '#server/email/templates.ts';
import { seedDatabase } from '#server/seed.ts';
import { createTestApp } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

export async function createSeededDatabase({
  content = false,
  compile = true,
  adminEmail,
  adminPassword = 'correct-horse-battery',
}: {
  content?: boolean;
  compile?: boolean;
  adminEmail?: string;
  adminPassword?: string;
} = {}) {
  const database = await createTestDatabase();
  await seedDatabase(database.db, { content, adminPassword, ...(adminEmail ? { adminEmail } : {}) });
  if (compile) await compileTemplates(database.db);
  return database;
}

/**
 * Registers the file's hooks: a database seeded with the demo content and the app on it, for the
 * public API's tests; both are filled in before the tests run.
 */
export function seededAppContext() {
  const context = {} as { database: DatabaseHandle; app: ReturnType<typeof createTestApp>['app'] };
  beforeAll(async () => {
    context.database = await createSeededDatabase({ content: true, compile: false });
    context.app = createTestApp(context.database).app;
  });
  afterAll(async () => {
    await context.database?.close();
  });
  return context;
}
