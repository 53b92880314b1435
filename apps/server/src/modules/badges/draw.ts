import { BADGE_ROLE_LABELS, type BadgeRole } from '@lanyard/shared/badges';
import type { EventConfig } from '@lanyard/shared/event';
import { fontFor, readingOrder, SANS_BOLD } from './fonts';
import type { Slot } from './layouts';
import { drawQr } from './qr-vector';

/** What one badge shows. `qr` is the signed door code; null for a record without an application. */
export interface BadgeContent {
  name: string;
  pronoun: string | null;
  role: BadgeRole;
  qr: string | null;
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Black or white, whichever reads better on `background` (the higher contrast ratio). */
export function inkOn(background: string): '#000000' | '#ffffff' {
  const l = luminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The band colour of a role; "mentor + judge" wears the mentor's. */
export function roleColor(colors: EventConfig['badges']['colors'], role: BadgeRole): string {
  return role === 'mentor + judge' ? colors.mentor : colors[role];
}

/**
 * The largest size from `max` down to `min` at which `text` fits `width` on one line, or `min`
 * when even that does not (the caller then lets it wrap).
 */
function fitSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number): number {
  doc.font(fontFor(doc, text, 'bold')).fontSize(max);
  const natural = doc.widthOfString(text);
  if (natural <= width) return max;
  // Width scales with size, so one measurement gives the answer; floored to whole tenths.
  return Math.max(min, Math.floor(((max * width) / natural) * 10) / 10);
}

export function drawBadge(
  doc: PDFKit.PDFDocument,
  slot: Slot,
  badge: BadgeContent,
  event: { title: string; colors: EventConfig['badges']['colors'] },
): void {
  const { x, y, width: w, height: h } = slot;
  const pad = Math.round(h * 0.07);
  const bandHeight = h * 0.2;
  const bandY = y + h - bandHeight;

  doc
    .fillColor('#475569')
    .font(fontFor(doc, event.title, 'regular'))
    .fontSize(h * 0.05);
  doc.text(event.title, x + pad, y + pad * 0.8, {
    width: w - 2 * pad,
    height: h * 0.07,
    ellipsis: true,
    ...readingOrder(event.title),
  });

  const top = y + pad + h * 0.07;
  const contentHeight = bandY - pad * 0.6 - top;
  let textRight = x + w - pad;
  if (badge.qr) {
    const size = Math.min(contentHeight, w * 0.4);
    const qx = x + w - pad * 0.6 - size;
    drawQr(doc, badge.qr, qx, top + (contentHeight - size) / 2, size);
    textRight = qx - pad * 0.2;
  }

  const nameWidth = textRight - (x + pad);
  const max = h * 0.17;
  const size = fitSize(doc, badge.name, nameWidth, max, h * 0.085);
  doc.fontSize(size);
  const lines = doc.widthOfString(badge.name) > nameWidth ? 2 : 1;
  const nameHeight = size * 1.25 * lines;
  const pronounSize = h * 0.07;
  const block = nameHeight + (badge.pronoun ? pronounSize * 1.6 : 0);
  const nameY = top + Math.max(0, (contentHeight - block) / 2);
  doc.fillColor('#000000');
  doc.text(badge.name, x + pad, nameY, {
    width: nameWidth,
    height: nameHeight,
    ellipsis: true,
    ...readingOrder(badge.name),
  });
  if (badge.pronoun) {
    doc
      .fillColor('#334155')
      .font(fontFor(doc, badge.pronoun, 'regular'))
      .fontSize(pronounSize);
    doc.text(badge.pronoun, x + pad, nameY + nameHeight + pronounSize * 0.3, {
      width: nameWidth,
      height: pronounSize * 1.3,
      ellipsis: true,
      ...readingOrder(badge.pronoun),
    });
  }

  const color = roleColor(event.colors, badge.role);
  doc.rect(x, bandY, w, bandHeight).fill(color);
  const bandText = bandHeight * 0.5;
  doc.fillColor(inkOn(color)).font(SANS_BOLD).fontSize(bandText);
  doc.text(BADGE_ROLE_LABELS[badge.role].toUpperCase(), x + pad, bandY + (bandHeight - bandText * 1.15) / 2, {
    width: w - 2 * pad,
    height: bandText * 1.4,
    align: 'center',
    characterSpacing: bandText * 0.08,
    ellipsis: true,
  });
}

/** Thin light dashed lines along the grid, for the scissors or the guillotine. */
export function drawCutGuides(doc: PDFKit.PDFDocument, slots: readonly Slot[]): void {
  doc.save().lineWidth(0.4).strokeColor('#c0c4cc').dash(3, { space: 3 });
  for (const s of slots) doc.rect(s.x, s.y, s.width, s.height);
  doc.stroke().undash().restore();
}
