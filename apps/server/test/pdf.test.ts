import { describe, expect, it } from 'vitest';
import { newDocument } from '../src/modules/badges/fonts';
import { readPdf, stopPdfReader } from './pdf';

/** A one-page PDF that says `text`, as the badge and pass tests read them back. */
async function pdfSaying(text: string): Promise<Buffer> {
  const doc = newDocument('A test');
  doc.addPage({ size: [200, 100], margin: 0 }).text(text, 10, 10);
  doc.end();
  const parts: Buffer[] = [];
  for await (const chunk of doc) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

const native = (fn: unknown) => String(fn).includes('[native code]');

describe('readPdf', () => {
  it('reads the text back, and leaves the globals of the process that the test files share alone', async () => {
    expect(await readPdf(await pdfSaying('Ada Lovelace'))).toEqual({ pages: 1, text: ['Ada Lovelace'] });
    // pdfjs-dist's core-js replaced these on Node 20; the hostile tests after it then overflowed
    // the stack in a JSON.stringify written in JavaScript.
    expect(native(JSON.stringify)).toBe(true);
    expect(native(JSON.parse)).toBe(true);
    expect(native(Array.prototype.push)).toBe(true);
    let deep: unknown = [];
    for (let i = 0; i < 3000; i++) deep = [deep];
    expect(JSON.stringify(deep)).toHaveLength(6002);
  });

  it('says when the bytes are not a PDF', async () => {
    await expect(readPdf(Buffer.from('not a pdf'))).rejects.toThrow(/could not read the PDF/);
  });

  it('fails a read whose reader stops, and reads again on a new one', async () => {
    const bytes = await pdfSaying('Grace Hopper');
    // A warm reader, as in the full suite, where it answered before the stop reached it.
    expect(await readPdf(bytes)).toEqual({ pages: 1, text: ['Grace Hopper'] });
    const pending = readPdf(bytes, { hold: true });
    await stopPdfReader();
    await expect(pending).rejects.toThrow(/thread exited/);
    expect(await readPdf(bytes)).toEqual({ pages: 1, text: ['Grace Hopper'] });
  });
});
