import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCX_PARTS, docxBytes, zipBytes } from '../../test/applicant';
import { EOCD_SEARCH, localHeaderMatches, zipEntries, type ReadAt } from './zip-directory';

const reader =
  (bytes: Buffer): ReadAt =>
  async (start, length) =>
    bytes.subarray(start, start + length);
const entriesOf = (bytes: Buffer) => zipEntries(reader(bytes), bytes.length);
const namesOf = async (bytes: Buffer) => (await entriesOf(bytes))?.map((e) => e.name);

describe('zipEntries', () => {
  it('lists the central directory of a well-formed zip, with local headers where it says', async () => {
    const bytes = docxBytes();
    const entries = await entriesOf(bytes);
    expect(entries?.map((e) => e.name)).toEqual(['[Content_Types].xml', 'word/document.xml']);
    for (const entry of entries!) expect(await localHeaderMatches(reader(bytes), entry)).toBe(true);
  });

  it('finds the end record behind a comment of any length, up to the 65,535 bytes allowed', async () => {
    for (const length of [0, 1, 21, 22, 1000, 0xffff]) {
      expect(await namesOf(zipBytes(DOCX_PARTS, { comment: 'c'.repeat(length) }))).toHaveLength(2);
    }
    // A comment holding a directory-looking text is still a comment.
    expect(await namesOf(zipBytes([['a.txt', 'x']], { comment: 'word/document.xml' }))).toEqual(['a.txt']);
    // Bytes after the record that its comment length does not account for: not a zip we read.
    expect(await namesOf(Buffer.concat([docxBytes(), Buffer.from('trailing')]))).toBeUndefined();
    expect(EOCD_SEARCH).toBe(65_557);
  });

  it('leaves out entries only local headers name', async () => {
    const bytes = zipBytes([...DOCX_PARTS, ['index.html', '<p>']], { listed: (n) => n === 'index.html' });
    expect(await namesOf(bytes)).toEqual(['index.html']);
  });

  it('refuses duplicate names, ZIP64 markers, split archives and a directory outside the file', async () => {
    expect(await namesOf(zipBytes([DOCX_PARTS[1]!, DOCX_PARTS[1]!]))).toBeUndefined();
    const patched = (offset: number, write: (b: Buffer, at: number) => void) => {
      const b = docxBytes();
      write(b, b.length - 22 + offset);
      return b;
    };
    expect(await namesOf(patched(10, (b, at) => b.writeUInt16LE(0xffff, at)))).toBeUndefined();
    expect(await namesOf(patched(16, (b, at) => b.writeUInt32LE(0xffffffff, at)))).toBeUndefined();
    expect(await namesOf(patched(4, (b, at) => b.writeUInt16LE(1, at)))).toBeUndefined();
    expect(await namesOf(patched(16, (b, at) => b.writeUInt32LE(0x7fffffff, at)))).toBeUndefined();
    expect(await namesOf(patched(12, (b, at) => b.writeUInt32LE(0, at)))).toBeUndefined();
    expect(await namesOf(patched(8, (b, at) => b.writeUInt16LE(1, at)))).toBeUndefined();
  });

  it('refuses an entry whose local header lies in or after the directory', async () => {
    const b = docxBytes();
    const directoryOffset = b.readUInt32LE(b.length - 22 + 16);
    // The first central entry's local header offset (at +42) moved onto the directory itself.
    b.writeUInt32LE(directoryOffset, directoryOffset + 42);
    expect(await namesOf(b)).toBeUndefined();
  });

  it('never throws, whatever the bytes, and what it lists lies inside the file', async () => {
    const valid = docxBytes();
    const mutated = fc
      .tuple(
        fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          maxLength: 6,
        }),
        fc.nat({ max: valid.length }),
        fc.uint8Array({ maxLength: 64 }),
      )
      .map(([flips, cut, extra]) => {
        const b = Buffer.from(valid);
        for (const [at, v] of flips) b[at] = v;
        return Buffer.concat([b.subarray(0, cut), Buffer.from(extra)]);
      });
    const random = fc
      .uint8Array({ maxLength: 4096 })
      .map((a) => Buffer.concat([Buffer.from('PK\x03\x04'), a]));
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutated, random), async (bytes) => {
        const entries = await entriesOf(bytes);
        if (entries === undefined) return;
        expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
        for (const e of entries) {
          expect(e.localOffset).toBeLessThan(bytes.length);
          await localHeaderMatches(reader(bytes), e);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
