import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * DejaVu Sans, bundled (dejavu-fonts-ttf): Latin, Greek, Cyrillic, Armenian, Georgian and more,
 * where the PDF standard fonts know only Latin-1. Read once per process; pdfkit embeds only the
 * glyphs a document uses.
 */
export const SANS = 'DejaVuSans';
export const SANS_BOLD = 'DejaVuSans-Bold';

let files: { regular: Buffer; bold: Buffer } | undefined;

function fontFiles() {
  if (!files) {
    const require = createRequire(import.meta.url);
    const read = (name: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));
    files = { regular: read(SANS), bold: read(SANS_BOLD) };
  }
  return files;
}

/** A PDF with the fonts registered and no page yet; every page is added by its caller. */
export function newDocument(title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: title, Creator: 'Lanyard' },
  });
  const { regular, bold } = fontFiles();
  doc.registerFont(SANS, regular);
  doc.registerFont(SANS_BOLD, bold);
  return doc;
}
