/**
 * The entries of a zip file, read from its central directory: the list a zip reader (and so
 * Word) goes by, unlike bytes found anywhere in the file (a comment, a local header, file data).
 * Anything this reader is not sure of is "not a zip we can read" (undefined), never a guess:
 * a truncated or overlapping directory, offsets outside the file, split archives, ZIP64, and
 * duplicate names (two readers could pick different entries).
 */

/** Reads `length` bytes at `start`; fewer bytes back means the file ended. */
export type ReadAt = (start: number, length: number) => Promise<Buffer>;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
/** The end record plus the longest comment it can announce. */
export const EOCD_SEARCH = EOCD_SIZE + 0xffff;

export interface ZipEntry {
  name: string;
  /** Where the entry's local header starts. */
  localOffset: number;
}

export async function zipEntries(read: ReadAt, size: number): Promise<ZipEntry[] | undefined> {
  if (!Number.isSafeInteger(size) || size < EOCD_SIZE) return undefined;
  const tailStart = Math.max(0, size - EOCD_SEARCH);
  const tail = await read(tailStart, size - tailStart);
  if (tail.length !== size - tailStart) return undefined;

  // Backwards, the first signature whose comment runs exactly to the end of the file: a signature
  // inside the comment itself cannot satisfy that for the real record's comment length.
  let end = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (
      tail.readUInt32LE(i) === EOCD_SIGNATURE &&
      tail.readUInt16LE(i + 20) === tail.length - i - EOCD_SIZE
    ) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const disk = tail.readUInt16LE(end + 4);
  const directoryDisk = tail.readUInt16LE(end + 6);
  const entriesHere = tail.readUInt16LE(end + 8);
  const entries = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  // Saturated fields mean ZIP64, which this reader does not take; a Word file never needs it.
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) return undefined;
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entries || entries === 0) return undefined;
  const endOffset = tailStart + end;
  if (directoryOffset + directorySize > endOffset) return undefined;
  if (directorySize < entries * CENTRAL_SIZE) return undefined;

  const directory = await read(directoryOffset, directorySize);
  if (directory.length !== directorySize) return undefined;
  const found: ZipEntry[] = [];
  const seen = new Set<string>();
  let p = 0;
  for (let n = 0; n < entries; n++) {
    if (p + CENTRAL_SIZE > directory.length || directory.readUInt32LE(p) !== CENTRAL_SIGNATURE)
      return undefined;
    const compressed = directory.readUInt32LE(p + 20);
    const uncompressed = directory.readUInt32LE(p + 24);
    const nameLength = directory.readUInt16LE(p + 28);
    const extraLength = directory.readUInt16LE(p + 30);
    const commentLength = directory.readUInt16LE(p + 32);
    const entryDisk = directory.readUInt16LE(p + 34);
    const localOffset = directory.readUInt32LE(p + 42);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff || localOffset === 0xffffffff)
      return undefined;
    if (entryDisk !== 0) return undefined;
    const next = p + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > directory.length) return undefined;
    // Each entry's data lies before the directory.
    if (localOffset + LOCAL_SIZE + nameLength > directoryOffset) return undefined;
    const name = directory.subarray(p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLength).toString('utf8');
    if (seen.has(name)) return undefined;
    seen.add(name);
    found.push({ name, localOffset });
    p = next;
  }
  // The directory is exactly its entries: no room for a second, hidden listing.
  if (p !== directory.length) return undefined;
  return found;
}

/** True when the entry's local header is where the directory says, under the same name. */
export async function localHeaderMatches(read: ReadAt, entry: ZipEntry): Promise<boolean> {
  const want = Buffer.from(entry.name, 'utf8');
  const head = await read(entry.localOffset, LOCAL_SIZE + want.length);
  if (head.length !== LOCAL_SIZE + want.length || head.readUInt32LE(0) !== LOCAL_SIGNATURE) return false;
  return head.readUInt16LE(26) === want.length && head.subarray(LOCAL_SIZE).equals(want);
}
