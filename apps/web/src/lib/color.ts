// Colour helpers for the event's brand colour, so any hackathon's colour keeps WCAG AA contrast.

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: string, b: string): number {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (!ra || !rb) return 1;
  const [hi, lo] = [luminance(ra), luminance(rb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE = '#ffffff';
const INK = '#0f172a';

export interface BrandPalette {
  /** Fills: buttons, highlights. */
  brand: string;
  /** Text on a brand fill. */
  foreground: string;
  /** Brand-coloured text and focus rings on white, darkened until it reaches 4.5:1. */
  ink: string;
}

export function brandPalette(color: string): BrandPalette {
  const rgb = parseHex(color);
  if (!rgb) return { brand: '#4f46e5', foreground: WHITE, ink: '#4f46e5' };
  const brand = toHex(rgb);
  const foreground = contrastRatio(brand, WHITE) >= 4.5 ? WHITE : INK;
  let ink = brand;
  for (let k = 0.9; contrastRatio(ink, WHITE) < 4.5 && k > 0; k -= 0.1) {
    ink = toHex([rgb[0] * k, rgb[1] * k, rgb[2] * k]);
  }
  return { brand, foreground, ink };
}
