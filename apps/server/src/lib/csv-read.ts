import { CsvError, parse } from 'csv-parse/sync';

export interface CsvRow {
  /** The line the row starts on, counting a line break inside a quoted cell, as an editor shows it. */
  line: number;
  cells: string[];
}

/**
 * Reads a CSV as Excel, Google Sheets and text editors save it: comma-separated, RFC 4180 quotes,
 * CRLF, LF or lone CR line ends (mixed, even), with or without a UTF-8 byte-order mark. Rows may
 * have different numbers of cells. Blank lines and rows of empty cells are skipped but still
 * counted, so an error can name the line the organiser sees in the file.
 */
export function parseCsv(text: string): CsvRow[] {
  const bytes = Buffer.from(text, 'utf8');
  // Where each record ends, in bytes: csv-parse counts a CRLF inside a quoted cell as two lines, so
  // the line numbers are counted here from the text instead.
  const ends: number[] = [];
  let records: string[][];
  try {
    records = parse(bytes, {
      bom: true,
      delimiter: ',',
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      on_record: (record: string[], { bytes: end }) => {
        ends.push(end);
        return record;
      },
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = lineCounter(bytes)(ends.at(-1) ?? 0);
    throw new Error(
      err.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `Line ${line}: a quoted field is not closed`
        : // csv-parse's own message names its line count, which can differ from the editor's.
          `Line ${line}: this row is not valid CSV`,
    );
  }
  const lineAt = lineCounter(bytes);
  const rows = records.map((cells, i) => ({ line: lineAt(i ? ends[i - 1]! : 0), cells }));
  // Excel writes a row of bare commas for a row that only ever had formatting: no data either.
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
}

/**
 * The 1-based line number of the byte at an offset: CRLF, LF and a lone CR each end a line. Asked
 * for offsets in increasing order, it reads the text once, whatever the number of rows.
 */
function lineCounter(bytes: Buffer): (offset: number) => number {
  let line = 1;
  let at = 0;
  return (offset) => {
    for (; at < offset; at++) {
      const b = bytes[at];
      if (b === 0x0a || (b === 0x0d && bytes[at + 1] !== 0x0a)) line++;
    }
    return line;
  };
}
