/** Reading PDFs back in tests: pages and their text (pdfjs-dist), and the drawing operators. */
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';

export interface PdfText {
  pages: number;
  /** Each page's text, its pieces joined by spaces. */
  text: string[];
}

type Answer = { id: number; result: PdfText } | { id: number; error: string };

/**
 * pdfjs-dist's legacy build brings core-js, which on Node 20 replaces globals of the process that
 * loads it (JSON.stringify, JSON.parse, Array.prototype.push and more). Test files share their
 * process (`isolate: false`), so a file run after the badge tests read JSON with core-js's
 * JSON.stringify, which overflowed the stack on the hostile tests' deeply nested bodies. A worker
 * thread has globals of its own: pdfjs-dist is loaded there alone.
 */
let current: { read: (bytes: Buffer, hold?: boolean) => Promise<Answer>; worker: Worker } | undefined;

function pdfReader() {
  if (current) return current.read;
  const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url));
  const waiting = new Map<number, (answer: Answer) => void>();
  let next = 0;
  worker.on('message', (answer: Answer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  // A reader that fails or exits answers every read still waiting, so none lasts until its test's
  // timeout; the next read starts a new one.
  const fail = (error: string) => {
    for (const settle of waiting.values()) settle({ id: -1, error });
    waiting.clear();
    if (current?.worker === worker) current = undefined;
  };
  worker.on('error', (err) => fail(err.message));
  worker.on('exit', (code) => fail(`the PDF reader's thread exited (code ${code})`));
  // An idle reader does not keep the test process alive.
  worker.unref();
  const read = (bytes: Buffer, hold = false) =>
    new Promise<Answer>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      worker.postMessage({ id, data: new Uint8Array(bytes), hold });
    });
  current = { read, worker };
  return read;
}

/** Stops the reader's thread, as a crash would (for the test of what a read waiting then gets). */
export async function stopPdfReader(): Promise<void> {
  await current?.worker.terminate();
}

/**
 * `hold` asks the reader never to answer, as if pdfjs-dist had hung: the test of what a waiting
 * read gets when the reader stops needs a read still waiting, and a warm reader answers a one-line
 * PDF before a stop can reach it.
 */
export async function readPdf(bytes: Buffer, { hold = false } = {}): Promise<PdfText> {
  const answer = await pdfReader()(bytes, hold);
  if ('error' in answer) throw new Error(`pdfjs-dist could not read the PDF: ${answer.error}`);
  return answer.result;
}

/** How many rectangles (`re`) a PDF's content streams draw, pdfkit's deflated streams inflated. */
export function rectangleCount(bytes: Buffer): number {
  const pdf = bytes.toString('latin1');
  let n = 0;
  for (const m of pdf.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = pdf.indexOf('endstream', start);
    const raw = bytes.subarray(start, end);
    let body: string;
    try {
      body = zlib.inflateSync(raw).toString('latin1');
    } catch {
      body = raw.toString('latin1');
    }
    n += (body.match(/ re\n/g) ?? []).length;
  }
  return n;
}
