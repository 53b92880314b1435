import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Travel, TravelCity } from '@lanyard/shared/insights';
import { contrastRatio, parseHex } from '@/lib/color';
import {
  MAP_COLORS,
  MAP_HEIGHT,
  MAP_WIDTH,
  MAX_RADIUS,
  MIN_RADIUS,
  cityName,
  cityRadius,
  defaultView,
} from './geo';
import { TravelMap } from './travel-map';

afterEach(cleanup);

function city(
  label: string,
  country: string,
  country_code: string,
  lat: number,
  lng: number,
  count: number,
): TravelCity {
  return { label, country, country_code, lat, lng, count, distance_km: null };
}

const NEW_YORK = city('New York, NY', 'United States', 'US', 40.71, -74.01, 45);
const AUSTIN = city('Austin, TX', 'United States', 'US', 30.27, -97.74, 12);
const BERLIN = city('Berlin', 'Germany', 'DE', 52.52, 13.405, 3);
// Inside geoAlbersUsa's lower-48 frame: the US view must still leave it out.
const TORONTO = city('Toronto, ON', 'Canada', 'CA', 43.65, -79.38, 2);

function travel(
  cities: TravelCity[],
  venue: Travel['venue'] = { name: 'Lanyard Hall', lat: 30.28, lng: -97.73 },
): Travel {
  return {
    total: cities.reduce((sum, c) => sum + c.count, 0),
    venue,
    cities,
    unmatched: 0,
    bands: [],
  };
}

function circleTitles(): string[] {
  return Array.from(document.querySelectorAll('svg[role="img"] circle > title'), (t) => t.textContent ?? '');
}

// getByTitle finds only an <svg>'s own <title>, not a shape's.
function venueTitle(): string | null {
  return document.querySelector('svg[role="img"] [data-venue] > title')?.textContent ?? null;
}

function pressed(name: string): string | null {
  return screen.getByRole('button', { name }).getAttribute('aria-pressed');
}

describe('TravelMap', () => {
  it('opens on the United States when most people come from US cities, and leaves the rest to World', () => {
    render(<TravelMap travel={travel([NEW_YORK, AUSTIN, BERLIN, TORONTO])} />);

    expect(pressed('United States')).toBe('true');
    expect(pressed('World')).toBe('false');
    expect(circleTitles()).toEqual([
      'New York, NY, United States: 45 people',
      'Austin, TX, United States: 12 people',
    ]);
    expect(screen.getByText(/5 people travel from outside the/).textContent).toBe(
      '5 people travel from outside the United States: see World.',
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Map of where 57 people travel from in the United States: 2 cities, most from New York, NY, United States (45). 5 more people travel from outside the United States.',
    );
    expect(venueTitle()).toBe('Lanyard Hall (venue)');
  });

  it('shows every city on World, where the outside note goes away', () => {
    render(<TravelMap travel={travel([NEW_YORK, AUSTIN, BERLIN, TORONTO])} />);

    fireEvent.click(screen.getByRole('button', { name: 'World' }));

    expect(pressed('World')).toBe('true');
    expect(circleTitles()).toEqual([
      'New York, NY, United States: 45 people',
      'Austin, TX, United States: 12 people',
      'Berlin, Germany: 3 people',
      'Toronto, ON, Canada: 2 people',
    ]);
    expect(screen.queryByText(/outside the/)).toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Map of where 62 people travel from: 4 cities, most from New York, NY, United States (45).',
    );
    expect(venueTitle()).toBe('Lanyard Hall (venue)');
  });

  it('switches to World from the outside note', () => {
    render(<TravelMap travel={travel([NEW_YORK, BERLIN])} />);

    fireEvent.click(screen.getByRole('button', { name: 'see World' }));

    expect(pressed('World')).toBe('true');
    expect(circleTitles()).toContain('Berlin, Germany: 3 people');
  });

  it('counts US places geoAlbersUsa cannot draw as outside', () => {
    const sanJuan = city('San Juan', 'United States', 'US', 18.47, -66.11, 4);
    render(<TravelMap travel={travel([NEW_YORK, sanJuan], null)} />);

    expect(circleTitles()).toEqual(['New York, NY, United States: 45 people']);
    expect(screen.getByText(/4 people travel from outside/)).toBeTruthy();
    expect(document.querySelector('[data-venue]')).toBeNull();
  });

  it('opens on World when half or fewer come from US cities', () => {
    const paris = city('Paris', 'France', 'FR', 48.86, 2.35, 12);
    render(<TravelMap travel={travel([AUSTIN, paris])} />);

    expect(pressed('World')).toBe('true');
    expect(circleTitles()).toEqual(['Austin, TX, United States: 12 people', 'Paris, France: 12 people']);
  });

  it('draws the map and says so when nobody answered', () => {
    render(<TravelMap travel={travel([], null)} />);

    expect(screen.getByText('No travel answers yet.')).toBeTruthy();
    const svg = screen.getByRole('img');
    expect(svg.getAttribute('aria-label')).toBe('Map of where people travel from: no travel answers yet.');
    expect(svg.querySelectorAll('path').length).toBeGreaterThanOrEqual(2);
    expect(svg.querySelectorAll('circle')).toHaveLength(0);
  });

  it('hands the caller the <svg> and keeps every circle inside the viewBox', () => {
    const ref = createRef<SVGSVGElement>();
    render(<TravelMap travel={travel([NEW_YORK, AUSTIN, BERLIN, TORONTO])} svgRef={ref} />);

    expect(ref.current).toBe(screen.getByRole('img'));
    expect(ref.current?.getAttribute('viewBox')).toBe(`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`);
    for (const view of ['United States', 'World']) {
      fireEvent.click(screen.getByRole('button', { name: view }));
      for (const circle of Array.from(document.querySelectorAll('circle'))) {
        const [cx, cy, r] = ['cx', 'cy', 'r'].map((name) => Number(circle.getAttribute(name)));
        expect(cx! - r!).toBeGreaterThanOrEqual(0);
        expect(cx! + r!).toBeLessThanOrEqual(MAP_WIDTH);
        expect(cy! - r!).toBeGreaterThanOrEqual(0);
        expect(cy! + r!).toBeLessThanOrEqual(MAP_HEIGHT);
      }
    }
  });
});

describe('map helpers', () => {
  it('sizes circles by area between the two radii', () => {
    expect(cityRadius(45, 45)).toBe(MAX_RADIUS);
    expect(cityRadius(1, 10_000)).toBe(MIN_RADIUS);
    expect(cityRadius(25, 100)).toBeCloseTo(MAX_RADIUS / 2);
  });

  it('names a city once, whether or not its label already ends with the country', () => {
    expect(cityName(AUSTIN)).toBe('Austin, TX, United States');
    expect(cityName({ ...AUSTIN, label: 'Austin, Texas, United States' })).toBe(
      'Austin, Texas, United States',
    );
  });

  it('needs more than half the people in US cities for the US view', () => {
    expect(defaultView([])).toBe('world');
    expect(
      defaultView([
        { ...AUSTIN, count: 5 },
        { ...BERLIN, count: 5 },
      ]),
    ).toBe('world');
    expect(
      defaultView([
        { ...AUSTIN, count: 6 },
        { ...BERLIN, count: 5 },
      ]),
    ).toBe('us');
  });

  it('keeps markers at 3:1 or more against the land', () => {
    const land = parseHex(MAP_COLORS.land)!;
    const city = parseHex(MAP_COLORS.city)!;
    const a = MAP_COLORS.cityOpacity;
    const fillOnLand =
      '#' +
      city
        .map((c, i) =>
          Math.round(c * a + land[i]! * (1 - a))
            .toString(16)
            .padStart(2, '0'),
        )
        .join('');

    expect(contrastRatio(fillOnLand, MAP_COLORS.land)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(MAP_COLORS.cityStroke, MAP_COLORS.land)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(MAP_COLORS.venue, MAP_COLORS.land)).toBeGreaterThanOrEqual(3);
    // The star's white rim is what sets it apart where it sits on a circle.
    expect(contrastRatio(MAP_COLORS.venueStroke, MAP_COLORS.cityStroke)).toBeGreaterThanOrEqual(3);
  });
});
