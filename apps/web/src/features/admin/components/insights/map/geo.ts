/**
 * The travel map's geometry: the two atlases projected into one fixed viewBox, and the cities placed
 * on them. Everything here is pure, so the component only memoises and draws.
 */
import {
  geoAlbersUsa,
  geoEqualEarth,
  geoPath,
  type GeoProjection,
  type GeoStream,
  type GeoStreamWrapper,
} from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { Travel, TravelCity } from '@lanyard/shared/insights';
// Bundled, not fetched: the map must work offline and with no third-party hosts, and the admin tab
// is its own lazy chunk, so applicants never download these.
import worldAtlas from 'world-atlas/countries-110m.json';
import usAtlas from 'us-atlas/states-10m.json';

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 600;
/** Room for the largest circle at the edge of the land and for the strokes. */
const PADDING = 20;

export const MIN_RADIUS = 2;
export const MAX_RADIUS = 18;

export const MAP_VIEWS = ['us', 'world'] as const;
export type MapView = (typeof MAP_VIEWS)[number];
export const VIEW_LABELS: Record<MapView, string> = { us: 'United States', world: 'World' };

/**
 * Literal colours rather than CSS variables, so a downloaded SVG or PNG looks the same outside the
 * page. The city stroke (8:1 on the land) and the fill at this opacity (3.1:1) both clear the 3:1
 * that WCAG asks of graphics; travel-map.test.tsx checks it.
 */
export const MAP_COLORS = {
  sphere: '#f8fafc',
  sphereStroke: '#cbd5e1',
  land: '#e2e8f0',
  border: '#94a3b8',
  city: '#4f46e5',
  cityStroke: '#3730a3',
  cityOpacity: 0.72,
  venue: '#0f172a',
  venueStroke: '#ffffff',
} as const;

export interface BaseMap {
  projection: GeoProjection;
  /** The ocean's outline (World only: the US view has no globe to draw). */
  sphere: string | null;
  land: string;
  borders: string;
}

const extent: [[number, number], [number, number]] = [
  [PADDING, PADDING],
  [MAP_WIDTH - PADDING, MAP_HEIGHT - PADDING],
];

/** Within a viewBox pixel of the last point, a point changes nothing a reader could see. */
const THIN_TOLERANCE = 1;

/**
 * The projection, then a filter that drops each point closer than THIN_TOLERANCE to the last one
 * kept (a line's last point is always kept, so rings still close where they should). The 1:10m
 * states carry detail for print: unthinned, the US view's paths are 230,000 characters (thinned,
 * 115,000), which every view switch hands to the DOM and every SVG download carries.
 */
function thinned(projection: GeoProjection): GeoStreamWrapper {
  return {
    stream(output: GeoStream): GeoStream {
      let lastX = NaN;
      let lastY = NaN;
      let skipped: [number, number] | null = null;
      return projection.stream({
        point(x, y) {
          if (Math.abs(x - lastX) < THIN_TOLERANCE && Math.abs(y - lastY) < THIN_TOLERANCE) {
            skipped = [x, y];
            return;
          }
          output.point(x, y);
          lastX = x;
          lastY = y;
          skipped = null;
        },
        lineStart() {
          lastX = NaN;
          lastY = NaN;
          skipped = null;
          output.lineStart();
        },
        lineEnd() {
          if (skipped) output.point(skipped[0], skipped[1]);
          skipped = null;
          output.lineEnd();
        },
        polygonStart: () => output.polygonStart(),
        polygonEnd: () => output.polygonEnd(),
        sphere: () => output.sphere?.(),
      });
    },
  };
}

function buildWorld(): BaseMap {
  const sphere = { type: 'Sphere' } as const;
  const projection = geoEqualEarth().fitExtent(extent, sphere);
  // One decimal is a tenth of a viewBox pixel: finer only lengthens the strings.
  const path = geoPath(thinned(projection)).digits(1);
  return {
    projection,
    sphere: path(sphere) ?? '',
    // The merged land, not each country: the fill needs no inner edges, and it halves the path.
    land: path(feature(worldAtlas, worldAtlas.objects.land)) ?? '',
    borders: path(mesh(worldAtlas, worldAtlas.objects.countries)) ?? '',
  };
}

function buildUs(): BaseMap {
  const nation = feature(usAtlas, usAtlas.objects.nation);
  const projection = geoAlbersUsa().fitExtent(extent, nation);
  const path = geoPath(thinned(projection)).digits(1);
  return {
    projection,
    sphere: null,
    land: path(nation) ?? '',
    borders: path(mesh(usAtlas, usAtlas.objects.states)) ?? '',
  };
}

const baseMaps = new Map<MapView, BaseMap>();

/**
 * The projected atlas of a view, built on first use and kept for the page's life: it depends on
 * nothing but the view, and turning TopoJSON into paths is the expensive part of a render.
 */
export function baseMap(view: MapView): BaseMap {
  let map = baseMaps.get(view);
  if (!map) {
    map = view === 'us' ? buildUs() : buildWorld();
    baseMaps.set(view, map);
  }
  return map;
}

export function isUs(city: TravelCity): boolean {
  return city.country_code.toUpperCase() === 'US';
}

/** The United States view opens first when more than half the people come from US cities. */
export function defaultView(cities: readonly TravelCity[]): MapView {
  let us = 0;
  let all = 0;
  for (const city of cities) {
    all += city.count;
    if (isUs(city)) us += city.count;
  }
  return all > 0 && us / all > 0.5 ? 'us' : 'world';
}

/** Area, not radius, grows with the count (a sqrt scale), floored so one person stays visible. */
export function cityRadius(count: number, maxCount: number): number {
  if (maxCount <= 0) return MIN_RADIUS;
  return Math.max(MIN_RADIUS, MAX_RADIUS * Math.sqrt(Math.max(0, count) / maxCount));
}

export function peopleText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'}`;
}

/** "Austin, TX, United States", without repeating a country the label already ends with. */
export function cityName(city: TravelCity): string {
  if (!city.country || city.label.toLowerCase().endsWith(city.country.toLowerCase())) return city.label;
  return `${city.label}, ${city.country}`;
}

export interface CityPoint {
  key: string;
  x: number;
  y: number;
  r: number;
  count: number;
  /** "Austin, TX, United States". */
  name: string;
  title: string;
}

export interface PlacedCities {
  points: CityPoint[];
  /** People in cities the view does not draw. */
  outside: number;
  /** People drawn. */
  people: number;
}

/**
 * Projects the cities for one view, the biggest first so the smaller circles are drawn on top. On
 * the US view a city counts only when it is in the US and inside geoAlbersUsa: the lower-48 frame
 * also takes in Toronto, Vancouver and Monterrey, and Puerto Rico or Guam project to null.
 */
export function placeCities(
  cities: readonly TravelCity[],
  view: MapView,
  projection: GeoProjection,
): PlacedCities {
  const maxCount = cities.reduce((max, city) => Math.max(max, city.count), 0);
  const sorted = [...cities].sort((a, b) => b.count - a.count);
  const points: CityPoint[] = [];
  let outside = 0;
  let people = 0;
  for (const city of sorted) {
    const xy = view === 'us' && !isUs(city) ? null : projection([city.lng, city.lat]);
    if (!xy) {
      outside += city.count;
      continue;
    }
    people += city.count;
    const name = cityName(city);
    points.push({
      key: `${city.country_code}|${city.label}|${city.lat},${city.lng}`,
      x: round1(xy[0]),
      y: round1(xy[1]),
      r: round1(cityRadius(city.count, maxCount)),
      count: city.count,
      name,
      title: `${name}: ${peopleText(city.count)}`,
    });
  }
  return { points, outside, people };
}

export interface VenuePoint {
  x: number;
  y: number;
  title: string;
}

/**
 * The venue has no country code to check, so on the US view it is drawn wherever geoAlbersUsa
 * places it: right for the lower 48 and its neighbours, which is where a US-view venue would be.
 */
export function placeVenue(venue: Travel['venue'], projection: GeoProjection): VenuePoint | null {
  if (!venue) return null;
  const xy = projection([venue.lng, venue.lat]);
  if (!xy) return null;
  return { x: round1(xy[0]), y: round1(xy[1]), title: `${venue.name} (venue)` };
}

/** A five-pointed star centred on (x, y), point up: a shape, so the venue is told apart without colour. */
export function starPath(x: number, y: number, outer: number, inner = outer * 0.45): string {
  const corners: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    corners.push(`${round1(x + radius * Math.cos(angle))},${round1(y + radius * Math.sin(angle))}`);
  }
  return `M${corners.join('L')}Z`;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
