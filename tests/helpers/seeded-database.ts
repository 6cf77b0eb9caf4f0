/**
 * A test file's own database: a fresh test database seeded as the site starts (settings, email
 * templates and the first admin; the demo content too when `content`), its email templates
 * compiled unless `compile` is false: what the public API, email, newsletter, campaign and attack
 * tests start from. And the hooks that open and close such a database (or a bare one) for a file.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { compileTemplates } from '#server/email/templates.ts';
import { seedDatabase } from '#server/seed.ts';
import { type CapturedEmail, startSmtpServer, type TestSmtpServer } from './smtp.ts';
import { createTestApp } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

export type SeedOptions = {
  content?: boolean;
  compile?: boolean;
  adminEmail?: string;
  adminPassword?: string;
};

export async function createSeededDatabase({
  content = false,
  compile = true,
  adminEmail,
  adminPassword = 'correct-horse-battery',
}: SeedOptions = {}) {
  const database = await createTestDatabase();
  await seedDatabase(database.db, { content, adminPassword, ...(adminEmail ? { adminEmail } : {}) });
  if (compile) await compileTemplates(database.db);
  return database;
}

/**
 * Registers the file's hooks for a database of its own: `open` (by default a fresh migrated
 * database, nothing in it) before the file's tests, or before each test when `eachTest`, and
 * closed after them. `database` is filled in when the tests run.
 */
export function databaseContext({
  open = createTestDatabase,
  eachTest = false,
}: {
  open?: () => Promise<DatabaseHandle>;
  eachTest?: boolean;
} = {}) {
  const context = {} as { database: DatabaseHandle };
  (eachTest ? beforeEach : beforeAll)(async () => {
    context.database = await open();
  });
  (eachTest ? afterEach : afterAll)(async () => {
    await context.database?.close();
  });
  return context;
}

/**
 * Registers the file's hooks: a database seeded with the demo content and the app on it, for the
 * public API's tests; both are filled in before the tests run.
 */
export function seededAppContext() {
  const context = databaseContext({
    open: () => createSeededDatabase({ content: true, compile: false }),
  }) as { database: DatabaseHandle; app: ReturnType<typeof createTestApp>['app'] };
  beforeAll(() => {
    context.app = createTestApp(context.database).app;
  });
  return context;
}

/**
 * Registers the file's hooks for the tests of what the site emails: a seeded database (`seed`, see
 * createSeededDatabase), a test SMTP server, and the app on both, sending its email there (`env`
 * adds to its environment); the app's transport, the SMTP server and the database are closed
 * afterwards. All three are filled in before the tests run.
 */
export function mailingAppContext({
  seed = {},
  env = {},
}: {
  seed?: SeedOptions;
  env?: Record<string, string>;
} = {}) {
  const context = databaseContext({ open: () => createSeededDatabase(seed) }) as {
    database: DatabaseHandle;
    smtp: TestSmtpServer;
    testApp: ReturnType<typeof createTestApp>;
    deliveredTo: (to: string, since?: number) => Promise<CapturedEmail[]>;
  };
  /**
   * Sends what the outbox holds now, then gives the emails that reached `to` among those captured
   * after the first `since` (all of them by default), oldest first.
   */
  context.deliveredTo = async (to, since = 0) => {
    await context.testApp.deps.email.worker.runOnce();
    return context.smtp
      .messages()
      .slice(since)
      .filter((m) => m.envelope.to.includes(to));
  };
  beforeAll(async () => {
    context.smtp = await startSmtpServer();
    context.testApp = createTestApp(context.database, { SMTP_URL: context.smtp.url, ...env });
  });
  afterAll(async () => {
    context.testApp?.deps.email.transport.close();
    await context.smtp?.close();
  });
  return context;
}
