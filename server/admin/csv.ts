/**
 * CSV files for spreadsheets (docs/decisions/036-csv-export.md): UTF-8 with a byte-order mark so
 * Excel shows accents, comma-separated, CRLF line ends, every cell that a spreadsheet would read as
 * a formula neutralised with a leading apostrophe (OWASP "CSV injection").
 */

import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import type { Database } from '#db/client.ts';
import { logActivity } from '../activity/log.ts';

export const CSV_BOM = '\uFEFF';
/** Exports stop there: beyond it the admin should filter (a lead list is far smaller). */
export const CSV_EXPORT_MAX_ROWS = 50_000;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet would evaluate gets a leading apostrophe, which makes it plain text. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function toCsv(header: string[], rows: (string | null | undefined)[][]): string {
  const cells = rows.map((row) => row.map((cell) => neutralizeCell(cell ?? '')));
  return CSV_BOM + stringify([header, ...cells], { delimiter: ',', record_delimiter: 'windows' });
}

/** Sends a CSV as a download named `<prefix>-YYYY-MM-DD.csv`. */
export function sendCsv(res: Response, prefix: string, date: string, body: string) {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${prefix}-${date}.csv"`);
  res.send(body);
}

/** The search typed in a list, for the log of its export. */
export const searchFilter = (q: string | undefined) => (q ? `recherche « ${q} »` : undefined);

/**
 * A filtered list as a CSV file: its rows in the list's order (`rows`, cut at
 * CSV_EXPORT_MAX_ROWS), one line each, and the export logged with the filters applied.
 */
export async function exportCsv<Row>(
  db: Database,
  {
    rows,
    header,
    line,
    log,
    adminId,
  }: {
    rows: { limit: (n: number) => PromiseLike<Row[]> };
    header: string[];
    line: (row: Row) => (string | null | undefined)[];
    log: { type: string; title: (count: number) => string; filters: (string | undefined | false | '')[] };
    adminId: string;
  },
): Promise<{ csv: string; rows: number }> {
  const list = await rows.limit(CSV_EXPORT_MAX_ROWS);
  const csv = toCsv(header, list.map(line));
  const applied = log.filters.filter(Boolean);
  await logActivity(db, {
    type: log.type,
    title: log.title(list.length),
    description: applied.length > 0 ? `Filtres : ${applied.join(', ')}` : null,
    userId: adminId,
  });
  return { csv, rows: list.length };
}
