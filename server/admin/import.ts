/**
 * The CSV import of subscribers (docs/decisions/037-subscriber-import.md). The file is parsed and
 * checked whole before anything is written; then one transaction stores the new addresses (through
 * the newsletter's own opt-in code) and adds the tags to the known ones.
 */
import { parse } from 'csv-parse/sync';
import { kinshasaDateTime } from '#common/kinshasa.ts';
import type { SubscriberImportResult } from '#common/schemas/admin.ts';
import { newsletterEmail } from '#common/schemas/newsletter.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { logActivity } from '../activity/log.ts';
import { badRequest } from '../errors.ts';
import type { Newsletter } from '../newsletter/newsletter.ts';
import { addTagsTo, findSubscriberEmails } from './subscribers.ts';

/** More than this is refused whole: a mailing list that big deserves a conversation first. */
export const IMPORT_MAX_ROWS = 5_000;
/**
 * New addresses to confirm per import: each costs a confirmation email written in the import's
 * transaction, and the request must end well before a proxy's timeout.
 */
export const IMPORT_MAX_CONFIRMATIONS = 500;
export const IMPORT_MAX_BYTES = '2mb';
export const IMPORT_TOO_LARGE_MESSAGE =
  'Le fichier est trop volumineux (2 Mo au plus). Découpez-le en plusieurs fichiers.';
const NAME_MAX_LENGTH = 100;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'mail', 'adresse email', 'adresse e-mail', 'courriel']);
const FIRST_NAME_HEADERS = new Set(['firstname', 'first name', 'prenom']);
const LAST_NAME_HEADERS = new Set(['lastname', 'last name', 'nom', 'nom de famille']);

/** "Prénom " -> "prenom": headers are matched without case, accents or surrounding spaces. */
const headerKey = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

type Columns = { email: number; firstName?: number; lastName?: number };
export type ImportLine = { line: number; email: string; firstName?: string; lastName?: string };
type Parsed = { lines: ImportLine[]; invalid: SubscriberImportResult['invalid'] };

type ParsedRecord = { record: string[]; info: { lines: number } };

/** Reads the CSV (comma or semicolon, as French Excel writes it) into checked lines. */
export function parseImport(text: string): Parsed {
  let records: ParsedRecord[];
  try {
    // One line ending only: csv-parse counts a CRLF inside a quoted cell as two lines.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      delimiter: [',', ';'],
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(`Le fichier CSV est illisible${line ? ` (ligne ${line})` : ''}.`, {
      file: 'Fichier CSV invalide',
    });
  }
  if (records.length === 0) throw badRequest('Le fichier est vide.', { file: 'Fichier vide' });

  const first = records[0]?.record ?? [];
  const keys = first.map(headerKey);
  const emailColumn = keys.findIndex((k) => EMAIL_HEADERS.has(k));
  let columns: Columns;
  let data: ParsedRecord[];
  if (emailColumn >= 0) {
    const firstName = keys.findIndex((k) => FIRST_NAME_HEADERS.has(k));
    const lastName = keys.findIndex((k) => LAST_NAME_HEADERS.has(k));
    columns = {
      email: emailColumn,
      ...(firstName >= 0 ? { firstName } : {}),
      ...(lastName >= 0 ? { lastName } : {}),
    };
    data = records.slice(1);
  } else if (first.length === 1) {
    // A bare list of addresses, one a line, without a header.
    columns = { email: 0 };
    data = records;
  } else {
    throw badRequest('Aucune colonne « email » dans la première ligne du fichier.', {
      file: 'Colonne email introuvable',
    });
  }
  if (data.length > IMPORT_MAX_ROWS) {
    throw badRequest(
      `Le fichier contient ${data.length.toLocaleString('fr-FR')} lignes : ${IMPORT_MAX_ROWS.toLocaleString('fr-FR')} au plus par import. Découpez-le en plusieurs fichiers.`,
      { file: 'Trop de lignes' },
    );
  }

  const lines: ImportLine[] = [];
  const invalid: SubscriberImportResult['invalid'] = [];
  const seen = new Set<string>();
  for (const { record, info } of data) {
    // info.lines is where the record ends; a quoted cell may span several lines.
    const line = info.lines - record.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
    const raw = record[columns.email] ?? '';
    const email = newsletterEmail.safeParse(raw);
    if (!email.success) {
      invalid.push({ line, value: raw.slice(0, 200), message: 'Adresse email invalide.' });
      continue;
    }
    if (seen.has(email.data)) {
      invalid.push({ line, value: raw, message: 'Adresse déjà présente plus haut dans le fichier.' });
      continue;
    }
    const firstName = columns.firstName === undefined ? '' : (record[columns.firstName] ?? '');
    const lastName = columns.lastName === undefined ? '' : (record[columns.lastName] ?? '');
    if (CONTROL_CHARACTERS.test(firstName) || CONTROL_CHARACTERS.test(lastName)) {
      invalid.push({
        line,
        value: raw,
        message: 'Prénom ou nom invalide (retour à la ligne ou caractère de contrôle).',
      });
      continue;
    }
    if (firstName.length > NAME_MAX_LENGTH || lastName.length > NAME_MAX_LENGTH) {
      invalid.push({
        line,
        value: raw,
        message: `Prénom ou nom trop long (${NAME_MAX_LENGTH} caractères au plus).`,
      });
      continue;
    }
    seen.add(email.data);
    lines.push({
      line,
      email: email.data,
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
    });
  }
  return { lines, invalid };
}

export type ImportOptions = {
  consented: boolean;
  tags: string[];
  admin: { id: string; email: string };
  at: Date;
};

export async function importSubscribers(
  db: Database,
  newsletter: Pick<Newsletter, 'addImported'>,
  text: string,
  options: ImportOptions,
): Promise<SubscriberImportResult & { emailsQueued: boolean }> {
  const { lines, invalid } = parseImport(text);
  const tags = [...new Set(options.tags)];
  const when = kinshasaDateTime(options.at);
  const declaredConsent = options.consented
    ? `Consentement préalable déclaré par l’administrateur ${options.admin.email} lors de l’import du ${when} (heure de Kinshasa).`
    : undefined;
  const pendingNote = `Adresse importée par ${options.admin.email} le ${when} ; consentement à donner en confirmant l’email d’inscription.`;

  return inTransaction(db, async (tx) => {
    const known = await findSubscriberEmails(
      tx,
      lines.map((l) => l.email),
    );
    const fresh = lines.filter((l) => !known.has(l.email));
    if (!options.consented && fresh.length > IMPORT_MAX_CONFIRMATIONS) {
      throw badRequest(
        `Ce fichier demanderait ${fresh.length.toLocaleString('fr-FR')} emails de confirmation : ${IMPORT_MAX_CONFIRMATIONS.toLocaleString('fr-FR')} au plus par import. Découpez-le en plusieurs fichiers.`,
        { file: 'Trop de nouvelles adresses' },
      );
    }
    const createdEmails = await newsletter.addImported(
      tx,
      fresh.map((line) => ({
        email: line.email,
        ...(line.firstName ? { firstName: line.firstName } : {}),
        ...(line.lastName ? { lastName: line.lastName } : {}),
        tags,
        ...(declaredConsent ? { declaredConsent } : { pendingNote }),
      })),
      options.at,
    );
    const created = createdEmails.size;
    // Known addresses, and any added by someone else since the lookup, only gain the tags.
    const others = lines.filter((l) => !createdEmails.has(l.email)).map((l) => l.email);
    const existing = others.length;
    await addTagsTo(tx, others, tags);
    await logActivity(tx, {
      type: 'subscribers.imported',
      title: `Import d’abonnés : ${created} nouveau${created > 1 ? 'x' : ''}, ${existing} déjà connu${existing > 1 ? 's' : ''}`,
      description: [
        options.consented ? 'Consentement préalable déclaré' : 'Confirmation par email demandée',
        tags.length > 0 ? `étiquettes : ${tags.join(', ')}` : null,
        invalid.length > 0 ? `${invalid.length} ligne(s) refusée(s)` : null,
      ]
        .filter(Boolean)
        .join(' ; '),
      userId: options.admin.id,
    });
    return { created, existing, invalid, emailsQueued: created > 0 && !options.consented };
  });
}
