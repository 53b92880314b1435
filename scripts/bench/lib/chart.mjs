// The scaling curve as a small SVG for the README: each figure relative to its value at the
// smallest size, on log-log axes, between the two lines that matter (flat, and linear in the data).
const WIDTH = 640;
const HEIGHT = 360;
const PAD = { left: 56, right: 250, top: 20, bottom: 44 };
const COLOURS = ['#1b5e20', '#0d47a1', '#4a148c', '#e65100', '#b71c1c', '#c2185b', '#827717'];

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `points` as runScale answers them, `figures` as FIGURES in scale.mjs. */
export function scalingSvg(points, figures) {
  const sizes = points.map((p) => p.size);
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  const maxGrowth = last / first;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (size) => PAD.left + (Math.log(size / first) / Math.log(maxGrowth)) * plotW;
  // From a tenth (something got faster) to the linear line's end.
  const yMin = 0.1;
  const y = (g) =>
    PAD.top + plotH - (Math.log(Math.max(yMin, g) / yMin) / Math.log(maxGrowth / yMin)) * plotH;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
  ];
  const gridAt = [];
  for (let g = yMin; g <= maxGrowth * 1.0001; g *= 10) gridAt.push(g);
  for (const g of gridAt) {
    out.push(
      `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${y(g)}" y2="${y(g)}" stroke="#ddd"/>`,
      `<text x="${PAD.left - 6}" y="${y(g) + 4}" text-anchor="end" fill="#555">${esc(`${+g.toPrecision(2)}x`)}</text>`,
    );
  }
  for (const s of sizes)
    out.push(
      `<line x1="${x(s)}" x2="${x(s)}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="#eee"/>`,
      `<text x="${x(s)}" y="${PAD.top + plotH + 16}" text-anchor="middle" fill="#555">${esc(s.toLocaleString('en-US'))}</text>`,
    );
  out.push(
    `<text x="${PAD.left + plotW / 2}" y="${HEIGHT - 8}" text-anchor="middle" fill="#333">applications</text>`,
    `<text x="14" y="${PAD.top + plotH / 2}" text-anchor="middle" fill="#333" transform="rotate(-90 14 ${PAD.top + plotH / 2})">${esc(`vs ${first.toLocaleString('en-US')}`)}</text>`,
    // The two references: what an indexed read should do, and what work proportional to the data does.
    `<line x1="${x(first)}" x2="${x(last)}" y1="${y(1)}" y2="${y(1)}" stroke="#999" stroke-dasharray="4 4"/>`,
    `<line x1="${x(first)}" x2="${x(last)}" y1="${y(1)}" y2="${y(maxGrowth)}" stroke="#999" stroke-dasharray="4 4"/>`,
    `<text x="${x(last) - 4}" y="${y(1) - 6}" text-anchor="end" fill="#777">flat</text>`,
    `<text x="${x(last) - 6}" y="${y(maxGrowth) + 14}" text-anchor="end" fill="#777">linear</text>`,
  );
  figures.forEach((f, i) => {
    const base = points[0].figures[f.id].value;
    const colour = COLOURS[i % COLOURS.length];
    const coords = points.map((p) => `${x(p.size).toFixed(1)},${y(p.figures[f.id].value / base).toFixed(1)}`);
    out.push(`<polyline points="${coords.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const c of coords) {
      const [cx, cy] = c.split(',');
      out.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${colour}"/>`);
    }
    const ly = PAD.top + 10 + i * 20;
    out.push(
      `<line x1="${WIDTH - PAD.right + 16}" x2="${WIDTH - PAD.right + 36}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${WIDTH - PAD.right + 42}" y="${ly + 4}" fill="#222">${esc(f.short ?? f.label)}</text>`,
    );
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
