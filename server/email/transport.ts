/**
 * How an outbox message leaves the process: over SMTP when SMTP_URL is set, otherwise as an .eml
 * file in DATA_DIR/outbox/<yyyy-mm-dd>/<outbox id>.eml, so nothing is lost on a machine without a
 * mail server and the owner can read every message with any mail client.
 * Either way the stored Message-ID and the enqueue time (Date) are used, so every attempt at one
 * message produces the same message.
 *
 * A sender records a message as sent through `commit`, which the transport calls at the last
 * moment before the message is irrevocably handed over: over SMTP, once the server has asked for
 * the data and the content is on its way, before the line that ends it; for a file, before the
 * rename that makes it visible. A process killed before the commit has delivered nothing (an SMTP
 * server drops a message whose end it never got), so sending it again after a restart is no
 * duplicate. After it, the sender decides: the campaigns never send the message again, the outbox
 * sends it again with its Message-ID unless the server's answer was recorded (decision 119).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable, Transform } from 'node:stream';
import nodemailer from 'nodemailer';
import type { OutboxMessage } from '#db/schema.ts';
import type { Logger } from '../logger.ts';

export type OutgoingEmail = Pick<
  OutboxMessage,
  | 'id'
  | 'messageId'
  | 'toAddress'
  | 'fromAddress'
  | 'replyTo'
  | 'subject'
  | 'textBody'
  | 'headers'
  | 'createdAt'
> & { html: string; calendar?: string | null };

export type SendResult = { accepted: boolean; response: string };

export type SendOptions = {
  /**
   * Records the message as sent; the message is completed only once it resolved, and not at all
   * when it throws (the send then fails with its error). A send that fails after it ran must be
   * recorded as not sent again by the caller.
   */
  commit?: () => Promise<void>;
};

/** What names a message kept on disk (its .eml file). */
export type KeptMessage = Pick<OutgoingEmail, 'id' | 'createdAt'>;

export type MailTransport = {
  kind: 'smtp' | 'file';
  send(message: OutgoingEmail, options?: SendOptions): Promise<SendResult>;
  /** Deletes the copies this transport kept of these messages (the .eml files), if any. */
  forget(messages: readonly KeptMessage[]): Promise<void>;
  close(): void;
};

/**
 * A failed send, with a message safe to store and log (never the SMTP password) and whether
 * retrying can help: an SMTP 5xx reply is a refusal the server would repeat.
 */
export class MailSendError extends Error {
  readonly permanent: boolean;
  readonly responseCode: number | undefined;

  constructor(message: string, options: { permanent: boolean; responseCode?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'MailSendError';
    this.permanent = options.permanent;
    this.responseCode = options.responseCode;
  }
}

/** RFC 5321: 5yz is a permanent refusal, except 503 (bad sequence), which a new session may clear. */
export function isPermanentSmtpCode(code: number | undefined): boolean {
  return code !== undefined && code >= 500 && code < 600 && code !== 503;
}

const SMTP_TIMEOUT_MS = 30_000;

export type MailTransportOptions = { smtpUrl?: string; dataDir: string; logger: Logger };

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, options.logger)
    : createFileTransport(options.dataDir, options.logger);
}

function mailOptions(message: OutgoingEmail) {
  return {
    from: message.fromAddress,
    to: message.toAddress,
    replyTo: message.replyTo ?? undefined,
    subject: message.subject,
    html: message.html,
    text: message.textBody,
    headers: message.headers,
    messageId: message.messageId,
    date: message.createdAt,
    // An invitation: the calendar part mail clients show as "Accepter / Refuser", with its METHOD.
    icalEvent: message.calendar
      ? {
          method: /^METHOD:([A-Z-]+)\r?$/m.exec(message.calendar)?.[1] ?? 'REQUEST',
          filename: 'invitation.ics',
          content: message.calendar,
        }
      : undefined,
  };
}

/** The content comes from our own database; it never names files or URLs to embed. */
const NO_EMBEDDING = { disableFileAccess: true, disableUrlAccess: true } as const;

/** Where a message's `commit` travels with it to the stream plugin below (nodemailer copies string keys only). */
const COMMIT = 'commitBeforeEnd';

/**
 * The message's last stream: it passes the content through and ends (nodemailer then writes the
 * line that completes the DATA command) only after `commit` resolved. `commit` waits until the
 * SMTP connection reads this stream, which it starts doing after the server's 354 answer to DATA:
 * a recipient refused before that never sees a commit.
 */
export function endAfterCommit(input: Readable, commit: () => Promise<void>): Transform {
  const output = new Transform({
    transform(chunk, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      const complete = () => {
        commit().then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      };
      if (output.readableFlowing) complete();
      else output.once('resume', complete);
    },
  });
  return pipeline(input, output, () => {});
}

function createSmtpTransport(smtpUrl: string, logger: Logger): MailTransport {
  const url = new URL(smtpUrl);
  // Only the host is ever shown: the URL may carry the account's password.
  const server = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  const secrets = [url.password, decodeURIComponent(url.password), url.username].filter((s) => s.length >= 4);
  const redact = (text: string) => secrets.reduce((acc, secret) => acc.split(secret).join('***'), text);

  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: false,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
    ...NO_EMBEDDING,
  });
  transporter.use('stream', (mail, done) => {
    const commit = (mail.data as { [COMMIT]?: () => Promise<void> })[COMMIT];
    if (commit) mail.message.processFunc((input) => endAfterCommit(input, commit));
    done();
  });
  logger.info({ smtp: server }, 'emails are sent over SMTP');

  return {
    kind: 'smtp',
    async send(message, options = {}) {
      try {
        const info = await transporter.sendMail(
          Object.assign(mailOptions(message), { [COMMIT]: options.commit }),
        );
        const accepted = info.accepted.length > 0 && info.rejected.length === 0;
        return { accepted, response: redact(String(info.response ?? '')) };
      } catch (error) {
        const details = error as { responseCode?: number; code?: string; message?: string };
        const code = typeof details.responseCode === 'number' ? details.responseCode : undefined;
        const text = redact(`${details.code ? `${details.code}: ` : ''}${details.message ?? String(error)}`);
        throw new MailSendError(`SMTP ${server}: ${text}`, {
          permanent: isPermanentSmtpCode(code),
          responseCode: code,
          cause: error,
        });
      }
    },
    // An SMTP server keeps nothing here.
    forget: async () => {},
    close: () => transporter.close(),
  };
}

/** The folder of one message: its enqueue day (UTC), so a retry lands on the same file. */
function emlPath(outboxDir: string, message: KeptMessage): string {
  return path.join(outboxDir, message.createdAt.toISOString().slice(0, 10), `${message.id}.eml`);
}

function createFileTransport(dataDir: string, logger: Logger): MailTransport {
  const outboxDir = path.resolve(dataDir, 'outbox');
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    // RFC 5322 line endings: the file opens as-is in any mail client.
    newline: 'windows',
    ...NO_EMBEDDING,
  });
  logger.info({ dir: outboxDir }, 'no SMTP_URL: emails are kept as .eml files');

  return {
    kind: 'file',
    async send(message, options = {}) {
      let file: string;
      try {
        const info = await transporter.sendMail(mailOptions(message));
        if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport did not return a buffer');
        file = emlPath(outboxDir, message);
        await fs.mkdir(path.dirname(file), { recursive: true });
        // Written aside then renamed: a reader never sees half a message, a retry replaces it whole.
        const partial = `${file}.${randomBytes(6).toString('hex')}.tmp`;
        try {
          await fs.writeFile(partial, info.message);
          await options.commit?.();
          await fs.rename(partial, file);
        } catch (error) {
          await fs.rm(partial, { force: true });
          throw error;
        }
      } catch (error) {
        throw new MailSendError(`.eml file: ${error instanceof Error ? error.message : String(error)}`, {
          permanent: false,
          cause: error,
        });
      }
      return { accepted: true, response: `written to ${path.relative(outboxDir, file)}` };
    },
    async forget(messages) {
      await Promise.all(messages.map((message) => fs.rm(emlPath(outboxDir, message), { force: true })));
    },
    close: () => transporter.close(),
  };
}
