import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);
const lines = (text: string) => parseCsv(text).map((r) => r.line);

describe('parseCsv', () => {
  it('splits plain rows and cells, numbering rows from line 1', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', '2', '3'] },
    ]);
  });

  it('keeps empty cells, including leading and trailing ones', () => {
    expect(cells(',a,,b,\n')).toEqual([['', 'a', '', 'b', '']]);
  });

  it('reads quoted fields, and a doubled quote inside them as one quote', () => {
    expect(cells('"a","b ""quoted"" c",d\n')).toEqual([['a', 'b "quoted" c', 'd']]);
    expect(cells('""""\n')).toEqual([['"']]);
    expect(cells('"",x\n')).toEqual([['', 'x']]);
  });

  it('keeps commas and newlines (LF and CRLF) inside quotes', () => {
    expect(cells('"Doe, Jane","line 1\nline 2",z\n')).toEqual([['Doe, Jane', 'line 1\nline 2', 'z']]);
    expect(cells('"a\r\nb",c\r\n')).toEqual([['a\r\nb', 'c']]);
  });

  it('shifts the line numbers of later rows by the newlines inside a quoted cell', () => {
    const text = 'h1,h2\n"multi\nline\ncell",x\nnext,row\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 2, cells: ['multi\nline\ncell', 'x'] },
      { line: 5, cells: ['next', 'row'] },
    ]);
  });

  it('reads CRLF, LF and lone CR line ends alike', () => {
    const expected = [
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ];
    expect(cells('a,b\r\n1,2\r\n3,4\r\n')).toEqual(expected);
    expect(cells('a,b\n1,2\n3,4\n')).toEqual(expected);
    expect(cells('a,b\r1,2\r3,4\r')).toEqual(expected);
    expect(cells('a,b\r\n1,2\n3,4')).toEqual(expected);
    expect(lines('a,b\r\n1,2\r\n3,4\r\n')).toEqual([1, 2, 3]);
  });

  it('drops a UTF-8 byte-order mark (so the first header is not "\\uFEFFemail")', () => {
    const rows = cells('\uFEFFemail,firstName\nx@example.org,X\n');
    expect(rows[0]).toEqual(['email', 'firstName']);
    expect(rows[0]![0]!.charCodeAt(0)).toBe('e'.charCodeAt(0));
  });

  it('gives the same rows with or without a trailing newline, and skips blank lines', () => {
    expect(cells('a,b\n1,2')).toEqual(cells('a,b\n1,2\n'));
    expect(cells('a,b\n1,2\n\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    // A blank line in the middle is skipped but still counted.
    expect(parseCsv('a,b\n\n1,2\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n')).toEqual([]);
  });

  it('keeps a quoted empty last cell (the row is not "blank")', () => {
    expect(cells('a,""\n')).toEqual([['a', '']]);
  });

  it('refuses an unclosed quote, naming the line its row starts on', () => {
    expect(() => parseCsv('"open')).toThrow('Line 1: a quoted field is not closed');
    expect(() => parseCsv('a,b\n1,2\n3,"never\nclosed\n')).toThrow('Line 3: a quoted field is not closed');
    expect(() => parseCsv('a,b\n"x\ny",1\n4,"open')).toThrow(/^Line 4: /);
  });
});
