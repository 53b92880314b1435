import { csvRow, CSV_BOM } from '@lanyard/shared/csv';
import { saveBlob, timestampedFileName } from '@/components/ui/download';

/** A chart's numbers as rows: the table screen readers read, and the CSV a download saves. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

/** The chart's CSV, with the same formula-safe cells as every export the server sends. */
export function tableCsv(table: ChartTable): string {
  return CSV_BOM + csvRow(table.columns) + table.rows.map((row) => csvRow(row)).join('');
}

export function saveCsv(table: ChartTable, name: string): void {
  saveBlob(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), timestampedFileName(name, 'csv'));
}

/** The drawing inside a chart's frame: Recharts' surface (not a legend icon), or our own map. */
export function chartSvg(frame: HTMLElement | null): SVGSVGElement | null {
  if (!frame) return null;
  return (
    frame.querySelector<SVGSVGElement>('.recharts-wrapper > svg') ??
    frame.querySelector<SVGSVGElement>('svg[role="img"]')
  );
}

/**
 * A standalone copy of the drawing: its own size, a white background (a transparent PNG is
 * unreadable in a dark viewer), the page's font, and the chart's title as its first line.
 */
export function standaloneSvg(
  svg: SVGSVGElement,
  title: string,
): { text: string; width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const viewBox = svg.viewBox?.baseVal;
  const width = Math.round(box.width || viewBox?.width || 640);
  const height = Math.round(box.height || viewBox?.height || 360);
  const heading = 28;
  const ns = 'http://www.w3.org/2000/svg';
  const doc = document.implementation.createDocument(ns, 'svg', null);
  const root = doc.documentElement;
  root.setAttribute('xmlns', ns);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height + heading));
  root.setAttribute('viewBox', `0 0 ${width} ${height + heading}`);
  root.setAttribute('font-family', 'Inter, system-ui, sans-serif');
  root.setAttribute('font-size', '12');
  const background = doc.createElementNS(ns, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  root.append(background);
  const caption = doc.createElementNS(ns, 'text');
  caption.setAttribute('x', '8');
  caption.setAttribute('y', '19');
  caption.setAttribute('font-size', '15');
  caption.setAttribute('font-weight', '600');
  caption.setAttribute('fill', '#0f172a');
  caption.textContent = title;
  root.append(caption);
  const body = doc.createElementNS(ns, 'svg');
  body.setAttribute('y', String(heading));
  body.setAttribute('width', String(width));
  body.setAttribute('height', String(height));
  if (svg.getAttribute('viewBox')) body.setAttribute('viewBox', svg.getAttribute('viewBox')!);
  for (const child of Array.from(svg.childNodes)) body.append(doc.importNode(child, true));
  root.append(body);
  return { text: new XMLSerializer().serializeToString(doc), width, height: height + heading };
}

export function saveSvg(svg: SVGSVGElement, title: string, name: string): void {
  const { text } = standaloneSvg(svg, title);
  saveBlob(new Blob([text], { type: 'image/svg+xml' }), timestampedFileName(name, 'svg'));
}

/** Drawn at twice the size, so the picture stays sharp on a slide. */
export async function savePng(svg: SVGSVGElement, title: string, name: string): Promise<void> {
  const { text, width, height } = standaloneSvg(svg, title);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The chart could not be drawn'));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('The chart could not be drawn');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The chart could not be drawn');
    saveBlob(blob, timestampedFileName(name, 'png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
