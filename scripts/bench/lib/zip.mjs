// A zip download read to its last byte, as the resume exports (exports.mjs, sponsors.mjs) send it.

/**
 * Reads `res`'s body to the end: its size, and how many files the zip says it holds (from the
 * end-of-central-directory record, the last 22 bytes of a zip without a comment; -1 without one).
 */
export async function readZip(res) {
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body) {
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-22);
  }
  const entries = tail.length === 22 && tail.readUInt32LE(0) === 0x06054b50 ? tail.readUInt16LE(10) : -1;
  return { bytes, entries };
}
