import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { badgeCarriesCode, badgeName } from '../../policies/badges';
import { inkOn } from './draw';
import { drawQr } from './qr-vector';

/** A stand-in document that keeps the rectangles drawn before the last fill. */
function recorder() {
  const rects: [number, number, number, number][] = [];
  const doc = {
    save: () => doc,
    restore: () => doc,
    fill: () => doc,
    rect: (x: number, y: number, w: number, h: number) => (rects.push([x, y, w, h]), doc),
  };
  return { doc: doc as unknown as PDFKit.PDFDocument, rects };
}

describe('drawQr', () => {
  it('draws exactly the dark modules of the code, row runs as single rectangles', () => {
    const token = 'LY1.Qq3n8fT0yq4W0HeDOJjcvW1Rr8Vq0cJ8sdYVnC4bcKt6mZpZzwnxw5fQe2s';
    const { modules } = QRCode.create(token, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    const { doc, rects } = recorder();
    const quiet = 2;
    const size = (n + 2 * quiet) * 3;
    drawQr(doc, token, 10, 20, size, quiet);
    // The first rectangle is the white square under the code.
    expect(rects[0]).toEqual([10, 20, size, size]);
    const drawn = Array.from({ length: n }, () => Array<boolean>(n).fill(false));
    for (const [x, y, w] of rects.slice(1)) {
      const row = Math.round((y - 20) / 3) - quiet;
      const col = Math.round((x - 10) / 3) - quiet;
      for (let c = col; c < col + Math.round(w / 3); c++) drawn[row]![c] = true;
    }
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) expect(drawn[r]![c], `module ${r},${c}`).toBe(!!modules.get(r, c));
    expect(rects.length - 1).toBeLessThan(modules.data.filter(Boolean).length / 1.5);
  });
});

describe('badge rules', () => {
  it('a code only for a linked record of a confirmed attendee', () => {
    const confirmed = { status: 'accepted', rsvpStatus: 'accepted' } as const;
    expect(badgeCarriesCode({ applicationId: 'a' }, confirmed)).toBe(true);
    expect(badgeCarriesCode({ applicationId: null }, null)).toBe(false);
    expect(badgeCarriesCode({ applicationId: 'a' }, { status: 'accepted', rsvpStatus: 'declined' })).toBe(
      false,
    );
    expect(badgeCarriesCode({ applicationId: 'a' }, { status: 'waitlisted', rsvpStatus: 'accepted' })).toBe(
      false,
    );
  });

  it('leads with the preferred name, else the first name', () => {
    expect(badgeName({ preferredName: ' Ника ', firstName: 'Veronika' })).toBe('Ника');
    expect(badgeName({ preferredName: '  ', firstName: 'Veronika' })).toBe('Veronika');
    expect(badgeName({ preferredName: null, firstName: 'Veronika' })).toBe('Veronika');
  });

  it('prints the role in black or white, whichever reads better on its band', () => {
    expect(inkOn('#2563eb')).toBe('#ffffff');
    expect(inkOn('#fde047')).toBe('#000000');
    expect(inkOn('#000000')).toBe('#ffffff');
    expect(inkOn('#ffffff')).toBe('#000000');
  });
});
