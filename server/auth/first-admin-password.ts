/**
 * The first admin's generated password (server/seed.ts) is handed over outside the log. On a
 * terminal, the start banner shows it (server/start.ts). Otherwise stdout is collected with the
 * JSON log (a service manager, a container), so it is written to DATA_DIR/first-admin-password.txt,
 * readable by the site's user only (0600), and the log says where, without the password. The file
 * is deleted when that admin first signs in (server/api/auth.ts): by then it has served.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';

export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

export const firstAdminPasswordPath = (dataDir: string) => path.resolve(dataDir, FIRST_ADMIN_PASSWORD_FILE);

/** Who can log in after a start: with the generated password, or the file that holds it. */
export type AdminLogin = { email: string; generatedPassword?: string; passwordFile?: string };

const EMAIL_LINE = /^Identifiant\s: (\S+)$/m;

/**
 * Hands a generated password over: kept as it is for the terminal, or written to the file (the
 * returned login then names the file instead).
 */
export async function handOverFirstAdminPassword(
  admin: AdminLogin,
  options: { dataDir: string; logger: Logger; terminal: boolean },
): Promise<AdminLogin> {
  const { generatedPassword, ...login } = admin;
  if (!generatedPassword || options.terminal) return admin;
  const file = firstAdminPasswordPath(options.dataDir);
  await fs.mkdir(path.dirname(file), { recursive: true });
  // A file left by an earlier install is replaced, never written through (it could be a link).
  await fs.rm(file, { force: true });
  await fs.writeFile(
    file,
    [
      'Premier compte administrateur de Lisanga Digital',
      '',
      `Identifiant\u00a0: ${admin.email}`,
      `Mot de passe\u00a0: ${generatedPassword}`,
      '',
      'Ce fichier est supprimé à la première connexion de ce compte\u00a0: notez le mot de passe ailleurs.',
      '',
    ].join('\n'),
    { mode: 0o600, flag: 'wx' },
  );
  options.logger.info(
    { file, email: admin.email },
    'first admin password written to a file (deleted at its first sign-in)',
  );
  return { ...login, passwordFile: file };
}

/**
 * After a successful sign-in: the file of the first admin's password is deleted when it is this
 * admin's. Returns whether it was. A missing file (the usual case) costs one failed read.
 */
export async function forgetFirstAdminPassword(dataDir: string, email: string): Promise<boolean> {
  const file = firstAdminPasswordPath(dataDir);
  let content: string;
  try {
    content = await fs.readFile(file, 'utf8');
  } catch {
    return false;
  }
  if (EMAIL_LINE.exec(content)?.[1] !== email) return false;
  await fs.rm(file, { force: true });
  return true;
}
