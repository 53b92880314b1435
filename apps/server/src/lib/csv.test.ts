import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/admin';
import { CSV_BOM, csvCell, csvDocument, csvRow, exportFileName, type CsvColumn } from './csv';

describe('csvCell', () => {
  it('writes plain text as it is', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell('Zoë Łukasz 你好')).toBe('Zoë Łukasz 你好');
    expect(csvCell("O'Brien")).toBe("O'Brien");
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x-1')).toBe('x-1');
  });

  it('writes empty for null and undefined, and text for numbers, booleans, dates and lists', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(new Date('2025-09-19T08:30:00.000Z'))).toBe('2025-09-19T08:30:00.000Z');
    expect(csvCell(['Go', 'Rust'])).toBe('"Go; Rust"');
    expect(csvCell([])).toBe('');
  });

  it('quotes cells with commas, quotes, CR or LF, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('"')).toBe('""""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell('end\r')).toBe('"end\r"');
  });

  it('neutralises cells a spreadsheet would run as a formula: leading = + - @ tab CR', () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('\tTabbed')).toBe("'\tTabbed");
    expect(csvCell('\rReturn')).toBe('"\'\rReturn"');
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('=1,2')).toBe('"\'=1,2"');
    // Numbers that are negative are data, but still written safely.
    expect(csvCell(-5)).toBe("'-5");
    // A formula character later in the text is harmless.
    expect(csvCell(' =1')).toBe(' =1');
    expect(csvCell('1+1')).toBe('1+1');
  });

  it('neutralises a leading ; too: locales that split columns on it read ;=1+1 as a formula', () => {
    expect(csvCell(';=1+1')).toBe('"\';=1+1"');
    expect(csvCell(';')).toBe('"\';"');
    expect(csvCell(';a,b')).toBe('"\';a,b"');
  });

  it('quotes any cell holding a ;, so a spreadsheet that splits on ; keeps it one cell', () => {
    expect(csvCell('Alice;=1+1')).toBe('"Alice;=1+1"');
    expect(csvCell(['Go', '=1+1'])).toBe('"Go; =1+1"');
    expect(csvRow([';=1+1', 'x;y', 'z'])).toBe('"\';=1+1","x;y",z\r\n');
    expect(parseCsv(csvRow(['Alice;=1+1', 'x;y']))).toEqual([['Alice;=1+1', 'x;y']]);
  });
});

describe('csvRow', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(csvRow(['a', 1, null, 'b,c', '=x'])).toBe('a,1,,"b,c",\'=x\r\n');
    expect(csvRow([])).toBe('\r\n');
  });

  it('round-trips through an RFC 4180 reader', () => {
    const values = ['plain', 'with,comma', 'with "quotes"', 'multi\r\nline\nmixed\r', '', 'Zoë 你好'];
    const text = csvRow(values) + csvRow(values.slice().reverse());
    expect(parseCsv(text)).toEqual([values, values.slice().reverse()]);
  });
});

describe('exportFileName and the BOM', () => {
  it('names exports prefix_YYYY-MM-DD-HH-MM-SS.csv in UTC', () => {
    expect(exportFileName('applications_export', new Date('2025-09-19T08:30:05.123Z'))).toBe(
      'applications_export_2025-09-19-08-30-05.csv',
    );
    expect(exportFileName('users_export', new Date('2024-01-02T03:04:05Z'))).toBe(
      'users_export_2024-01-02-03-04-05.csv',
    );
    expect(exportFileName('x')).toMatch(/^x_\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
  });

  it('the BOM is U+FEFF, three bytes in UTF-8', () => {
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});

describe('parseCsv (the test reader itself)', () => {
  it('refuses what is not RFC 4180, so a sloppy writer cannot pass', () => {
    expect(() => parseCsv('a,b')).toThrow(/CRLF/);
    expect(() => parseCsv('a\nb\r\n')).toThrow();
    expect(() => parseCsv('a"b\r\n')).toThrow(/quote/);
    expect(() => parseCsv('"a"b\r\n')).toThrow();
    expect(() => parseCsv('"open\r\n')).toThrow(/unterminated/);
    expect(parseCsv('"a""b",,"c\r\nd"\r\n')).toEqual([['a"b', '', 'c\r\nd']]);
  });
});

describe('csvDocument', () => {
  type Person = { name: string; age: number | null; langs: string[] };
  const columns: CsvColumn<Person>[] = [
    { header: 'name', value: (p) => p.name },
    { header: 'age', value: (p) => p.age },
    { header: 'languages', value: (p) => p.langs },
  ];

  async function* batches(...pages: Person[][]) {
    for (const page of pages) yield page;
  }

  async function text(pieces: AsyncIterable<string>) {
    let out = '';
    for await (const piece of pieces) out += piece;
    return out;
  }

  it('writes the BOM and the headers, then one record per row, each column from its own value', async () => {
    const out = await text(
      csvDocument(
        columns,
        batches([{ name: 'Ada', age: 36, langs: ['Go'] }], [{ name: '=cmd', age: null, langs: ['a', 'b'] }]),
      ),
    );
    expect(out).toBe(`${CSV_BOM}name,age,languages\r\nAda,36,Go\r\n'=cmd,,"a; b"\r\n`);
  });

  it('yields one piece for the header and one per batch, so a page is sent as it is read', async () => {
    const pieces: string[] = [];
    for await (const piece of csvDocument(columns, batches([{ name: 'a', age: 1, langs: [] }], [])))
      pieces.push(piece);
    expect(pieces).toEqual([`${CSV_BOM}name,age,languages\r\n`, 'a,1,\r\n']);
  });

  it('writes only the header line when there are no rows', async () => {
    expect(await text(csvDocument(columns, batches()))).toBe(`${CSV_BOM}name,age,languages\r\n`);
  });
});
