/**
 * CSV files for spreadsheets (docs/decisions/036-csv-export.md): UTF-8 with a byte-order mark so
 * Excel shows accents, comma-separated, CRLF line ends, every cell that a spreadsheet would read as
 * a formula neutralised with a leading apostrophe (OWASP "CSV injection").
 */

import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';

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
