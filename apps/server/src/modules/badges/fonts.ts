import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * DejaVu Sans, bundled (dejavu-fonts-ttf): Latin, Greek, Cyrillic, Armenian, Georgian and more,
 * where the PDF standard fonts know only Latin-1. Read once per process; pdfkit embeds only the
 * glyphs a document uses.
 */
export const SANS = 'DejaVuSans';
export const SANS_BOLD = 'DejaVuSans-Bold';

export type Weight = 'regular' | 'bold';

interface Candidate {
  regular: string;
  bold?: string;
  /** The member of a collection (.ttc), by PostScript name. */
  postscript?: [string, string];
}

/**
 * Fonts for the scripts DejaVu lacks (Chinese, Japanese, Korean names), best first; a name is set
 * in the first installed one that has all its characters. Noto Sans CJK has them all (Debian's
 * fonts-noto-cjk); Nanum Gothic has Korean and the common Chinese and Japanese (fonts-nanum); Droid
 * Sans Fallback, 2 MB, has Chinese and Japanese, no Korean syllables and no bold
 * (fonts-droid-fallback). No npm package ships a CJK font under 50 MB, so the README names these.
 */
const FALLBACK_CANDIDATES: readonly Candidate[] = [
  {
    regular: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    bold: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
    postscript: ['NotoSansCJKsc-Regular', 'NotoSansCJKsc-Bold'],
  },
  {
    regular: '/usr/share/fonts/truetype/nanum/NanumGothic.ttf',
    bold: '/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf',
  },
  { regular: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
];

interface LoadedFont {
  data: Buffer;
  /** A collection's member (its PostScript name); undefined for a single font. */
  member?: string;
  font: fontkit.Font;
}

function load(file: string, member?: string): LoadedFont {
  const data = fs.readFileSync(file);
  const opened = fontkit.create(data, member);
  if (!('glyphForCodePoint' in opened)) throw new Error(`${file}: ${member ?? 'its first font'} not found`);
  return { data, member, font: opened };
}

type Pair = Record<Weight, LoadedFont>;

let dejaVu: Pair | undefined;
/** Each candidate once read; looked for again while missing, so a font installed later counts without a restart. */
const fallbacks = new Map<Candidate, Pair>();

function dejaVuFiles(): Pair {
  if (!dejaVu) {
    const require = createRequire(import.meta.url);
    const read = (name: string) => load(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));
    dejaVu = { regular: read(SANS), bold: read(SANS_BOLD) };
  }
  return dejaVu;
}

/** The installed fallbacks, best first, each read the first time a name needs one. */
function installedFallbacks(): { index: number; pair: Pair }[] {
  return FALLBACK_CANDIDATES.flatMap((c, index) => {
    let pair = fallbacks.get(c);
    if (!pair && fs.existsSync(c.regular)) {
      try {
        const regular = load(c.regular, c.postscript?.[0]);
        const bold = c.bold && fs.existsSync(c.bold) ? load(c.bold, c.postscript?.[1]) : regular;
        pair = { regular, bold };
        fallbacks.set(c, pair);
      } catch {
        // A file that is not the font we know (a collection whose members were renamed, a broken
        // file): the next candidate serves, and a badge never fails for want of one fallback.
      }
    }
    return pair ? [{ index, pair }] : [];
  });
}

/** Whether `font` has a glyph for every character of `text` but spaces and controls. */
function covers(font: fontkit.Font, text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp <= 0x20 || /\s/u.test(ch)) continue;
    if (!font.hasGlyphForCodePoint(cp)) return false;
  }
  return true;
}

const fallbackName = (index: number, weight: Weight) => `Fallback${index}-${weight}`;

/** The fallbacks each document has had registered (a font is registered once it is needed). */
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** The first font that has every character of `text` in `weight`: DejaVu, a fallback, or none. */
function coveringFont(text: string, weight: Weight): 'dejavu' | { index: number; pair: Pair } | undefined {
  if (covers(dejaVuFiles()[weight].font, text)) return 'dejavu';
  return installedFallbacks().find(({ pair }) => covers(pair[weight].font, text));
}

/**
 * The font to set `text` in: DejaVu when it has every character, else the first installed fallback
 * that has them all (a name is set in one font, so its letters match), registered in `doc` then.
 * With none, DejaVu: the missing characters print as boxes (the README names the packages that
 * avoid this).
 */
export function fontFor(doc: PDFKit.PDFDocument, text: string, weight: Weight): string {
  const own = weight === 'bold' ? SANS_BOLD : SANS;
  const found = coveringFont(text, weight);
  if (found === 'dejavu' || !found) return own;
  const name = fallbackName(found.index, weight);
  const done = registered.get(doc) ?? new Set<string>();
  registered.set(doc, done);
  if (!done.has(name)) {
    const { data, member } = found.pair[weight];
    doc.registerFont(name, data, member as string);
    done.add(name);
  }
  return name;
}

// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms.
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const ALL_RIGHT_TO_LEFT = new RegExp(RIGHT_TO_LEFT.source, 'gu');

/**
 * What `doc.text` needs to set `text` in its reading order. pdfkit lays out each word on its own,
 * so a Hebrew or Arabic name of two words came out in left-to-right word order with the space
 * moved to the front. Any `features` make pdfkit lay out the whole line as one run, which fontkit
 * sets right to left. A name mixing right-to-left and other letters keeps pdfkit's own layout: as
 * one run its Latin letters would be reversed too.
 */
export function readingOrder(text: string): { features?: [] } {
  if (!RIGHT_TO_LEFT.test(text)) return {};
  return /\p{L}/u.test(text.replace(ALL_RIGHT_TO_LEFT, '')) ? {} : { features: [] };
}

/** Whether `fontFor` finds a font with every character of `text` in `weight` (else it prints boxes). */
export function printable(text: string, weight: Weight): boolean {
  return coveringFont(text, weight) !== undefined;
}

/** A PDF with DejaVu registered and no page yet; every page is added by its caller. */
export function newDocument(title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: title, Creator: 'Lanyard' },
  });
  const { regular, bold } = dejaVuFiles();
  doc.registerFont(SANS, regular.data);
  doc.registerFont(SANS_BOLD, bold.data);
  return doc;
}
