import { fontFor, newDocument, readingOrder, SANS } from './fonts';
import { drawQr } from './qr-vector';

export const PASS_CAPTION = 'Show this at the door';

/** 4 × 6 in, portrait: a phone-sized page that also prints whole on A4 or Letter. */
const PAGE: readonly [number, number] = [288, 432];

/** The applicant's printable pass: one page with the event, their name and a big door code. */
export function passDocument(opts: { eventTitle: string; name: string; token: string }): PDFKit.PDFDocument {
  const doc = newDocument(`${opts.eventTitle}: pass`);
  const [w, h] = PAGE;
  const pad = 22;
  doc.addPage({ size: [...PAGE], margin: 0 });
  doc
    .fillColor('#000000')
    .font(fontFor(doc, opts.eventTitle, 'bold'))
    .fontSize(15);
  doc.text(opts.eventTitle, pad, pad, {
    width: w - 2 * pad,
    height: 40,
    align: 'center',
    ellipsis: true,
    ...readingOrder(opts.eventTitle),
  });

  doc.font(fontFor(doc, opts.name, 'bold')).fontSize(26);
  const natural = doc.widthOfString(opts.name);
  const size = natural > w - 2 * pad ? Math.max(13, (26 * (w - 2 * pad)) / natural) : 26;
  doc.fontSize(size);
  doc.text(opts.name, pad, 70, {
    width: w - 2 * pad,
    height: size * 2.5,
    align: 'center',
    ellipsis: true,
    ...readingOrder(opts.name),
  });

  // The quiet zone is part of the square: four modules' worth keeps the code scannable on paper.
  const qrSize = w - 2 * pad + 8;
  drawQr(doc, opts.token, (w - qrSize) / 2, 116, qrSize, 4);

  doc.font(SANS).fontSize(14).fillColor('#000000');
  doc.text(PASS_CAPTION, pad, h - pad - 18, { width: w - 2 * pad, height: 20, align: 'center' });
  doc.end();
  return doc;
}
