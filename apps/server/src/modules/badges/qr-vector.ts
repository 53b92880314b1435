import QRCode from 'qrcode';

/**
 * A QR code as filled rectangles, one per run of dark modules in a row: crisp at any print size,
 * and a fraction of the drawing operations (and bytes) of one square per module.
 * `size` includes a quiet zone of `quiet` modules each side, left white.
 */
export function drawQr(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
  quiet = 2,
): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const unit = size / (n + 2 * quiet);
  const ox = x + quiet * unit;
  const oy = y + quiet * unit;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      // A hair of overlap between rows, so no viewer draws a seam through the code.
      doc.rect(ox + start * unit, oy + row * unit, (col - start) * unit, unit + 0.05);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
