/**
 * Starts the SMTP server the e2e web server sends its email to (SMTP_URL in playwright.config.ts),
 * on the fixed port of helpers/mailbox.ts, with an empty mailbox directory for the test workers.
 * Playwright starts the web server before global setup: the server sends nothing on its own at
 * start, and the outbox worker retries anyway, so the first email of a test finds this listening.
 */
import fs from 'node:fs/promises';
import { startSmtpServer } from '../helpers/smtp.ts';
import { MAILBOX_DIR, SMTP_PORT } from './helpers/mailbox.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  await fs.rm(MAILBOX_DIR, { recursive: true, force: true });
  await fs.mkdir(MAILBOX_DIR, { recursive: true });
  const smtp = await startSmtpServer({ port: SMTP_PORT, captureDir: MAILBOX_DIR }).catch((error: unknown) => {
    throw new Error(
      `Cannot start the e2e SMTP server on 127.0.0.1:${SMTP_PORT} (another run with the same E2E_PORT?): ${String(error)}`,
    );
  });
  return () => smtp.close();
}
