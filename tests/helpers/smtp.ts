/**
 * A real SMTP server on 127.0.0.1 for the tests (smtp-server), capturing every message it accepts,
 * read back the way Epic Stack reads its mocked mail: `await smtp.requireEmail('a@b.cd')`.
 * Messages are read by postal-mime, a MIME parser independent of the code under test
 * (server/email/ writes them with nodemailer).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime, { decodeWords } from 'postal-mime';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export type CapturedEmail = {
  /** SMTP envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  raw: string;
  /** Header values by lower-case name, unfolded and decoded (first occurrence). */
  headers: Map<string, string>;
  messageId: string;
  from: string;
  to: string;
  replyTo: string | undefined;
  subject: string;
  date: string;
  text: string | undefined;
  html: string | undefined;
};

export type TestSmtpServer = {
  url: string;
  port: number;
  messages(): CapturedEmail[];
  /** The messages answered with an error by failNext, in order (a retry shows up once per attempt). */
  refused(): CapturedEmail[];
  requireEmail(to: string, options?: { timeoutMs?: number }): Promise<CapturedEmail>;
  /** Answers the next `count` DATA commands with `code` (421: try again later; 550: refused). */
  failNext(count: number, code?: number): void;
  /** How many DATA commands were answered, accepted or not. */
  attempts(): number;
  close(): Promise<void>;
};

const MAX_SIZE = 5 * 1024 * 1024;

export type SmtpServerOptions = {
  /** A fixed port (the e2e server's SMTP_URL is known before the SMTP server starts); 0 = any free one. */
  port?: number;
  /**
   * Also writes every accepted message to this directory, one JSON file each (see
   * readCapturedEmails), so that other processes (Playwright workers) can read the mail.
   */
  captureDir?: string;
  /**
   * Called with each accepted message as soon as it is captured, before the server answers it:
   * what a fault test needs to act while the sender still waits for that answer.
   */
  onMessage?: (email: CapturedEmail) => void;
};

/** One accepted message as written to captureDir. */
type StoredEmail = { envelope: CapturedEmail['envelope']; raw: string };

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const captured: CapturedEmail[] = [];
  const refused: CapturedEmail[] = [];
  const waiters = new Set<() => void>();
  let failures: { remaining: number; code: number } = { remaining: 0, code: 421 };
  let dataCommands = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_SIZE,
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // Handled one message at a time, in the order their data ended: parsing is asynchronous.
      stream.on('end', () => {
        handled = handled
          .then(() => handleData(stream.sizeExceeded, Buffer.concat(chunks), session, callback))
          // An error of the test's own (an onMessage that throws) is reported as uncaught, as it
          // was when messages were handled at once; the next messages are still handled.
          .catch((error: unknown) => {
            queueMicrotask(() => {
              throw error;
            });
          });
      });
    },
  });

  let handled = Promise.resolve();
  const handleData = async (
    sizeExceeded: boolean,
    data: Buffer,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ) => {
    dataCommands += 1;
    if (sizeExceeded) {
      callback(Object.assign(new Error('Message too big'), { responseCode: 552 }));
      return;
    }
    const raw = data.toString('utf8');
    const mailFrom = session.envelope.mailFrom;
    const envelope = {
      from: mailFrom ? mailFrom.address : '',
      to: session.envelope.rcptTo.map((r) => r.address),
    };
    let email: CapturedEmail;
    try {
      email = await parseEmail(raw, envelope);
    } catch (error) {
      // Not acknowledged: the sender keeps the message and tries again.
      callback(Object.assign(new Error(`Cannot read: ${String(error)}`), { responseCode: 451 }));
      return;
    }
    if (failures.remaining > 0) {
      failures.remaining -= 1;
      refused.push(email);
      callback(Object.assign(new Error(`Test failure ${failures.code}`), { responseCode: failures.code }));
      return;
    }
    if (options.captureDir) {
      try {
        storeEmail(options.captureDir, captured.length + 1, { envelope, raw });
      } catch (error) {
        // Not acknowledged: the sender keeps the message and tries again.
        callback(Object.assign(new Error(`Cannot store: ${String(error)}`), { responseCode: 451 }));
        return;
      }
    }
    captured.push(email);
    options.onMessage?.(email);
    for (const wake of waiters) wake();
    callback();
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string) => {
    const wanted = to.toLowerCase();
    return captured.find((m) => m.envelope.to.some((address) => address.toLowerCase() === wanted));
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages: () => [...captured],
    refused: () => [...refused],
    attempts: () => dataCommands,
    failNext(count, code = 421) {
      failures = { remaining: count, code };
    },
    requireEmail(to, { timeoutMs = 30_000 } = {}) {
      const found = find(to);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const message = find(to);
          if (!message) return;
          clearTimeout(timeout);
          waiters.delete(check);
          resolve(message);
        };
        const timeout = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No email to ${to} within ${timeoutMs} ms (${captured.length} captured)`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Written aside then renamed, before the message is acknowledged: a reader never sees half a
 * file, and a message the sender saw accepted is already readable. Numbered in arrival order.
 */
function storeEmail(dir: string, sequence: number, email: StoredEmail): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${String(sequence).padStart(6, '0')}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(email));
  fs.renameSync(`${file}.tmp`, file);
}

/** The messages a server started with `captureDir` accepted so far, oldest first. */
export async function readCapturedEmails(dir: string): Promise<CapturedEmail[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const emails: CapturedEmail[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const stored = JSON.parse(await fs.promises.readFile(path.join(dir, name), 'utf8')) as StoredEmail;
    emails.push(await parseEmail(stored.raw, stored.envelope));
  }
  return emails;
}

/**
 * A message as the tests read it, parsed by postal-mime: the root's headers unfolded and decoded
 * (first occurrence of each name), its text and HTML bodies with their line ends as "\n" and no
 * final one.
 */
export async function parseEmail(
  raw: string,
  envelope: { from: string; to: string[] },
): Promise<CapturedEmail> {
  const parsed = await PostalMime.parse(raw);
  const headers = new Map<string, string>();
  for (const { key, value } of parsed.headers) if (!headers.has(key)) headers.set(key, decodeWords(value));
  const header = (name: string) => headers.get(name) ?? '';
  const body = (text: string | undefined) => text?.replace(/\r\n/g, '\n').replace(/\n$/, '');
  return {
    envelope,
    raw,
    headers,
    messageId: header('message-id'),
    from: header('from'),
    to: header('to'),
    replyTo: headers.get('reply-to'),
    subject: header('subject'),
    date: header('date'),
    text: body(parsed.text),
    html: body(parsed.html),
  };
}

/**
 * The message's parts decoded (quoted-printable and base64) with their line ends as sent: postal-mime
 * joins a part's lines with "\n", and an invitation's CRLF are part of what is checked (RFC 5545 §3.1).
 */
function decodedParts(raw: string): string {
  // A run of =XX is the octets of UTF-8 characters (é is =C3=A9): decoded together, not one by one.
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
  const base64 = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64].join('\n');
}

/** The message's calendar invitation (its text/calendar part), or '' when it has none. */
export function calendarPart(email: CapturedEmail): string {
  return /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/.exec(decodedParts(email.raw))?.[0] ?? '';
}
