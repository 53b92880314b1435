import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-read';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);
const lines = (text: string) => parseCsv(text).map((r) => r.line);

const HEADER = 'firstName,lastName,email,travelFrom';

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
  it('reads a file as Excel saves it: BOM, CRLF, padded rows and rows of bare commas at the end', () => {
    const text =
      '\uFEFF' +
      [
        HEADER,
        'Ada,Lovelace,ada@example.org,"London, UK"',
        'Grace,Hopper,grace@example.org,',
        ',,,',
        ' ,,,',
        '',
      ].join('\r\n');
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['firstName', 'lastName', 'email', 'travelFrom'] },
      { line: 2, cells: ['Ada', 'Lovelace', 'ada@example.org', 'London, UK'] },
      { line: 3, cells: ['Grace', 'Hopper', 'grace@example.org', ''] },
    ]);
  });

  it('reads a file as Google Sheets downloads it: no BOM, CRLF, no line end after the last row', () => {
    const text = [
      HEADER,
      'Zoë,Łukasz,zoe@example.org,"São Paulo"',
      'Li,"Wei ""Will""",li@example.org,你好',
    ].join('\r\n');
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['firstName', 'lastName', 'email', 'travelFrom'] },
      { line: 2, cells: ['Zoë', 'Łukasz', 'zoe@example.org', 'São Paulo'] },
      { line: 3, cells: ['Li', 'Wei "Will"', 'li@example.org', '你好'] },
    ]);
  });

  it('counts a CRLF inside a quoted cell as one line', () => {
    const text = '\uFEFFa,b\r\n"one\r\ntwo\r\nthree",x\r\nnext,row\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['one\r\ntwo\r\nthree', 'x'] },
      { line: 5, cells: ['next', 'row'] },
    ]);
    expect(() => parseCsv('a,b\r\n"x\r\ny",1\r\n4,"open\r\nstill')).toThrow(
      'Line 4: a quoted field is not closed',
    );
  });

  it('drops a byte-order mark only at the start of the file', () => {
    expect(cells('\uFEFFemail\r\nx@example.org\r\n')).toEqual([['email'], ['x@example.org']]);
    expect(cells('\uFEFF"email"\nx@example.org')).toEqual([['email'], ['x@example.org']]);
    expect(cells('email\n\uFEFFx')).toEqual([['email'], ['\uFEFFx']]);
  });

  it('keeps ragged rows as they are: fewer or more cells than the header', () => {
    expect(cells('a,b,c\n1\n1,2,3,4\n')).toEqual([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4']]);
  });

  it('skips a row of empty cells, still counting its line', () => {
    expect(parseCsv('a,b\n,\n1,2\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
    ]);
  });

  it('reads a quote inside an unquoted cell as a quote', () => {
    expect(cells(`5'10",O"Brien\n`)).toEqual([[`5'10"`, 'O"Brien']]);
  });

  it('numbers the rows of a long file in one pass', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `r${i},"x\ny"`).join('\r\n');
    const rows = parseCsv(text);
    expect(rows).toHaveLength(20_000);
    expect(rows.at(-1)).toEqual({ line: 39_999, cells: ['r19999', 'x\ny'] });
  });
});
