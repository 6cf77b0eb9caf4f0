/**
 * The e2e server sends its email over SMTP to a real SMTP server (tests/helpers/smtp.ts) that
 * global-setup.ts starts on a port derived from E2E_PORT, so that two runs can share a machine.
 * Playwright computes the web server's environment when it loads the config, before global setup
 * runs: the port is therefore fixed rather than picked at start. The test workers are other
 * processes: the SMTP server writes each accepted message to a directory, read back here.
 */
import path from 'node:path';
import { expect } from '@playwright/test';
import { type CapturedEmail, readCapturedEmails } from '../../helpers/smtp.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Clear of the other ports an e2e run uses (E2E_PORT itself, process.spec.ts's E2E_PORT + 90...). */
export const SMTP_PORT = E2E_PORT + 25;
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
export const MAILBOX_DIR = path.resolve(`node_modules/.cache/e2e-smtp-${E2E_PORT}`);

export type { CapturedEmail };

/** Which messages: subject matching, and text or HTML part containing a string. */
export type EmailFilter = { subject?: RegExp; containing?: string };

/** Every message the SMTP server accepted for `to` (envelope recipient, any case), oldest first. */
export async function emailsTo(to: string, filter: EmailFilter = {}): Promise<CapturedEmail[]> {
  const wanted = to.toLowerCase();
  const { subject, containing } = filter;
  return (await readCapturedEmails(MAILBOX_DIR)).filter(
    (mail) =>
      mail.envelope.to.some((address) => address.toLowerCase() === wanted) &&
      (subject?.test(mail.subject) ?? true) &&
      (containing === undefined || `${mail.text ?? ''}\n${mail.html ?? ''}`.includes(containing)),
  );
}

/**
 * The newest email to `to` that passes the filter, waiting for it: the server sends from its
 * outbox a moment after the request that caused the email.
 */
export async function requireEmail(
  to: string,
  options: EmailFilter & { timeoutMs?: number } = {},
): Promise<CapturedEmail> {
  let found: CapturedEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await emailsTo(to, options)).at(-1);
        return found !== undefined;
      },
      {
        timeout: options.timeoutMs ?? 15_000,
        message: `an email to ${to} matching ${JSON.stringify({ subject: String(options.subject), containing: options.containing })}`,
      },
    )
    .toBe(true);
  if (!found) throw new Error(`no email to ${to}`);
  return found;
}

/** The first link of the plain-text part matching `pattern` (the part a person could read aloud). */
export function linkIn(mail: CapturedEmail, pattern: RegExp): string {
  const link = pattern.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link matching ${pattern} in "${mail.subject}":\n${mail.text}`);
  return link;
}
