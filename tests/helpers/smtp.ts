/**
 * A real SMTP server on 127.0.0.1 for the tests (smtp-server), capturing every message it accepts,
 * read back the way Epic Stack reads its mocked mail: `await smtp.requireEmail('a@b.cd')`.
 * The parser below is deliberately independent of the code under test (server/email/): it knows
 * just enough MIME for what nodemailer writes (headers, RFC 2047 words, multipart, quoted-printable
 * and base64 parts).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

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
      stream.on('end', () => {
        dataCommands += 1;
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too big'), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        const envelope = {
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        if (failures.remaining > 0) {
          failures.remaining -= 1;
          refused.push(parseEmail(raw, envelope));
          const error = Object.assign(new Error(`Test failure ${failures.code}`), {
            responseCode: failures.code,
          });
          callback(error);
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
        const email = parseEmail(raw, envelope);
        captured.push(email);
        options.onMessage?.(email);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

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
    emails.push(parseEmail(stored.raw, stored.envelope));
  }
  return emails;
}

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(source: string): Part {
  const match = /\r?\n\r?\n/.exec(source);
  const head = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([bBqQ])\?([^?]*)\?=/g, (_w, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The leaves of a MIME tree, depth first. */
function leaves(part: Part): Part[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitHeaders(section.replace(/^\r?\n/, ''))));
}

export function parseEmail(raw: string, envelope: { from: string; to: string[] }): CapturedEmail {
  const root = splitHeaders(raw);
  const parts = leaves(root);
  const body = (type: string) => {
    const part = parts.find((p) =>
      (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type),
    );
    return part ? decodeBody(part).replace(/\r\n/g, '\n').replace(/\n$/, '') : undefined;
  };
  const header = (name: string) => root.headers.get(name) ?? '';
  return {
    envelope,
    raw,
    headers: root.headers,
    messageId: header('message-id'),
    from: header('from'),
    to: header('to'),
    replyTo: root.headers.get('reply-to'),
    subject: header('subject'),
    date: header('date'),
    text: body('text/plain'),
    html: body('text/html'),
  };
}

/** The message's parts decoded (quoted-printable and base64), for what a parser does not expose. */
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
