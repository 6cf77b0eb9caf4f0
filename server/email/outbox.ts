/**
 * The email outbox: a message is a row of `email_outbox`, written in the caller's transaction
 * (the lead and its notification commit or roll back together) and sent later by the worker
 * (worker.ts). After a commit, call `worker.wake()` so it goes out at once instead of at the
 * next poll.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { emailOutbox, siteSettings } from '#db/schema.ts';

export type EmailMessage = {
  to: string;
  subject: string;
  /** Left out for a message the worker renders when it sends it (`templateVariables`). */
  html?: string;
  /**
   * With `templateKey` and no `html`: rendered by the worker when sent, so the request that
   * queues it neither renders nor stores the HTML; `subject` and `text` are then the plain
   * version, sent as they are if the template cannot be rendered at that time.
   */
  templateVariables?: Record<string, unknown>;
  text: string;
  /** Defaults to the settings `email.sender_name` and `email.sender_email`. */
  from?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe...); the ones the transport sets itself are refused. */
  headers?: Record<string, string>;
  templateKey?: string;
  /** Enqueueing twice with one key gives back the first message (a replayed form, a retried job). */
  dedupeKey?: string;
  /** An iCalendar text (an invitation, decision 076), sent as a text/calendar part with its METHOD. */
  calendar?: string;
  /** Not sent before this time (a reminder before a call); at once when absent. */
  sendAfter?: Date;
};

export type EnqueueResult = { id: string; messageId: string; duplicate: boolean };

export type Outbox = {
  enqueueEmail(db: Database, message: EmailMessage): Promise<EnqueueResult>;
  /**
   * The same row as an insert not yet run, for a caller writing it with other rows in one
   * statement (inOneStatement). A message whose dedupe key is taken is skipped.
   */
  emailInsert(db: Database, message: EmailMessage): Promise<SQL>;
};

export type OutboxOptions = {
  /** PUBLIC_URL: its host names the Message-IDs, so they look like the site's own. */
  publicUrl: string;
  /** Overrides the sender settings (tests, scripts). */
  defaultFrom?: string;
};

/** Headers the transport writes from the row itself; a caller setting them would forge or clash. */
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'sender',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
]);

/** RFC 5322 field name: printable ASCII except the colon. */
const HEADER_NAME = /^[!-9;-~]+$/;

export class EmailHeaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmailHeaderError';
  }
}

/** A CR or LF in a header value would let its author add headers or a body of their own. */
function assertHeaderSafe(label: string, value: string): void {
  if (/[\r\n\0]/.test(value)) throw new EmailHeaderError(`${label} must not contain CR, LF or NUL`);
}

function assertAddress(label: string, value: string): void {
  assertHeaderSafe(label, value);
  if (!value.includes('@')) throw new EmailHeaderError(`${label} is not an email address`);
}

/**
 * `"Name" <address>`: the display name is always quoted, with `\` and `"` escaped, so a name
 * holding a comma, a colon or angle brackets cannot turn into a second address.
 */
export function formatAddress(name: string, address: string): string {
  const cleanName = name.trim();
  if (!cleanName) return address;
  return `"${cleanName.replace(/[\\"]/g, '\\$&')}" <${address}>`;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const host = new URL(options.publicUrl).hostname;

  async function senderFromSettings(db: Database): Promise<string> {
    const rows = await db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.key, ['email.sender_name', 'email.sender_email']));
    const settings = new Map(rows.map((r) => [r.key, r.value.trim()]));
    const address = settings.get('email.sender_email');
    if (!address) throw new Error('The setting email.sender_email is missing: no sender address for emails');
    return formatAddress(settings.get('email.sender_name') ?? '', address);
  }

  /** The message's row, every header checked; the sender read from the settings if not given. */
  async function rowOf(db: Database, message: EmailMessage) {
    assertAddress('to', message.to);
    assertHeaderSafe('subject', message.subject);
    if (message.replyTo !== undefined) assertAddress('replyTo', message.replyTo);
    const headers = message.headers ?? {};
    for (const [name, value] of Object.entries(headers)) {
      if (!HEADER_NAME.test(name)) throw new EmailHeaderError(`invalid header name ${JSON.stringify(name)}`);
      if (RESERVED_HEADERS.has(name.toLowerCase())) {
        throw new EmailHeaderError(`the header ${name} is set by the outbox itself`);
      }
      assertHeaderSafe(`header ${name}`, value);
    }

    if (message.html === undefined && (message.templateKey === undefined || !message.templateVariables)) {
      throw new Error('An email needs its HTML, or a template and its variables to render it when sent');
    }
    // Checked whatever its origin: the sender settings are edited in the admin too.
    const from = message.from ?? options.defaultFrom ?? (await senderFromSettings(db));
    assertAddress('from', from);
    // Chosen once here and reused by every attempt: a receiver (or we) can recognise a resend.
    const messageId = `<${randomUUID()}@${host}>`;
    return {
      messageId,
      dedupeKey: message.dedupeKey ?? null,
      templateKey: message.templateKey ?? null,
      toAddress: message.to.trim(),
      fromAddress: from,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      html: message.html ?? null,
      templateVariables: message.html === undefined ? (message.templateVariables ?? null) : null,
      textBody: message.text,
      headers,
      calendar: message.calendar ?? null,
      ...(message.sendAfter ? { nextAttemptAt: message.sendAfter } : {}),
    };
  }

  return {
    async emailInsert(db, message) {
      const insert = db.insert(emailOutbox).values(await rowOf(db, message));
      // The SQL, not the builder: a builder returned from an async function would run at once.
      return (
        message.dedupeKey === undefined
          ? insert
          : insert.onConflictDoNothing({ target: emailOutbox.dedupeKey })
      ).getSQL();
    },

    async enqueueEmail(db, message) {
      const values = await rowOf(db, message);
      const returned = { id: emailOutbox.id, messageId: emailOutbox.messageId };

      if (message.dedupeKey === undefined) {
        const [row] = await db.insert(emailOutbox).values(values).returning(returned);
        if (!row) throw new Error('Could not enqueue the email');
        return { ...row, duplicate: false };
      }
      // A concurrent transaction holding the same key makes this insert wait for its outcome, so
      // the select below sees the committed winner.
      const [inserted] = await db
        .insert(emailOutbox)
        .values(values)
        .onConflictDoNothing({ target: emailOutbox.dedupeKey })
        .returning(returned);
      if (inserted) return { ...inserted, duplicate: false };
      const [existing] = await db
        .select(returned)
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, message.dedupeKey))
        .limit(1);
      if (!existing) throw new Error('Could not enqueue the email: dedupe key conflict without a row');
      return { ...existing, duplicate: true };
    },
  };
}
