import type { BadgeLayout } from '@lanyard/shared/badges';

/** Sizes in PDF points (1/72 inch). */
const IN = 72;
const A4: Size = [595.28, 841.89];
const LETTER: Size = [612, 792];
/** The common 4 × 3 in badge: six to a sheet, and what badge printers take one at a time. */
const BADGE_4X3: Size = [4 * IN, 3 * IN];
/** The common 3⅜ × 2⅓ in badge, eight to a sheet. */
const BADGE_8UP: Size = [3.375 * IN, (7 / 3) * IN];

export type Size = readonly [width: number, height: number];

export interface Slot {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SheetLayout {
  page: Size;
  columns: number;
  rows: number;
  badge: Size;
  /** Light cut guides: only on sheets (a badge printer's page is the badge). */
  guides: boolean;
}

export const LAYOUTS: Record<BadgeLayout, SheetLayout> = {
  'a4-2x3': { page: A4, columns: 2, rows: 3, badge: BADGE_4X3, guides: true },
  'a4-2x4': { page: A4, columns: 2, rows: 4, badge: BADGE_8UP, guides: true },
  'letter-2x3': { page: LETTER, columns: 2, rows: 3, badge: BADGE_4X3, guides: true },
  'letter-2x4': { page: LETTER, columns: 2, rows: 4, badge: BADGE_8UP, guides: true },
  single: { page: BADGE_4X3, columns: 1, rows: 1, badge: BADGE_4X3, guides: false },
};

export function perPage(layout: SheetLayout): number {
  return layout.columns * layout.rows;
}

/**
 * Where the badge at `index` on its page sits: the grid is centred on the page with no gaps, so
 * one cut between two badges separates both, row by row from the top left.
 */
export function slotOf(layout: SheetLayout, index: number): Slot {
  const [pageWidth, pageHeight] = layout.page;
  const [width, height] = layout.badge;
  const left = (pageWidth - layout.columns * width) / 2;
  const top = (pageHeight - layout.rows * height) / 2;
  const column = index % layout.columns;
  const row = Math.floor(index / layout.columns) % layout.rows;
  return { x: left + column * width, y: top + row * height, width, height };
}

/** Pages a PDF of `count` badges takes. */
export function pageCount(layout: SheetLayout, count: number): number {
  return Math.ceil(count / perPage(layout));
}
