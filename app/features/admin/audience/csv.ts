/**
 * The Audience screen's CSV files, made in the browser from the figures on screen, in the
 * back-office's CSV form (docs/decisions/036-csv-export.md): UTF-8 with a byte-order mark,
 * comma-separated, CRLF, quotes where needed, and a cell a spreadsheet would read as a formula
 * made plain text with a leading apostrophe.
 */
const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return `${BOM}${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Has the browser save `csv` as `filename`. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started; the object can go once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
