/**
 * CSV that spreadsheets open safely: RFC 4180 quoting, and cells that a spreadsheet would read as
 * a formula prefixed with an apostrophe: = + - @, tab and carriage return, and ; because locales
 * that split columns on a semicolon read `;=1+1` as an empty cell followed by a formula. For the
 * same locales a cell holding a ; anywhere is quoted, so `Alice;=1+1` stays one cell.
 * The one cell writer: every CSV the server sends, and every chart's CSV the browser saves.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
  if (/^[=+\-@;\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A byte-order mark first, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

export function csvRow(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
