/**
 * The .eml files the site writes without SMTP (`DATA_DIR/outbox/<yyyy-mm-dd>/<outbox id>.eml`,
 * server/email/transport.ts), read back for the tests, newest first. Each file is parsed as the
 * test SMTP server parses what it receives (tests/helpers/smtp.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type CapturedEmail, parseEmail } from './smtp.ts';

export type EmlFile = {
  path: string;
  /** The outbox row's id: the file's name. */
  id: string;
  /** The message's Date header, or the file's modification time when it has none. */
  date: Date;
  email: CapturedEmail;
};

export async function listEmlFiles(dataDir: string): Promise<EmlFile[]> {
  const outboxDir = path.resolve(dataDir, 'outbox');
  let days: string[];
  try {
    days = await fs.readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: EmlFile[] = [];
  for (const day of days.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))) {
    const names = await fs.readdir(path.join(outboxDir, day));
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = path.join(outboxDir, day, name);
      const [raw, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
      const email = await parseEmail(raw, { from: '', to: [] });
      const date = new Date(email.date);
      files.push({
        path: file,
        id: name.slice(0, -'.eml'.length),
        date: Number.isNaN(date.getTime()) ? stat.mtime : date,
        email,
      });
    }
  }
  return files.sort((a, b) => b.date.getTime() - a.date.getTime() || b.path.localeCompare(a.path));
}
