/** Reading PDFs back in tests: pages and their text (pdfjs-dist), and the drawing operators. */
import zlib from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: number;
  /** Each page's text, its pieces joined by spaces. */
  text: string[];
}

export async function readPdf(bytes: Buffer): Promise<PdfText> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const text: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return { pages: doc.numPages, text };
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
