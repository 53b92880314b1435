import { useMemo, useState, type Ref } from 'react';
import type { Travel } from '@lanyard/shared/insights';
import { cn } from '@/lib/utils';
import {
  baseMap,
  defaultView,
  MAP_COLORS,
  MAP_HEIGHT,
  MAP_VIEWS,
  MAP_WIDTH,
  peopleText,
  placeCities,
  placeVenue,
  starPath,
  VIEW_LABELS,
  type MapView,
  type PlacedCities,
} from './geo';

export interface TravelMapProps {
  travel: Travel;
  /** The drawn <svg>, for the caller's SVG or PNG download. */
  svgRef?: Ref<SVGSVGElement>;
  className?: string;
}

const VENUE_RADIUS = 11;

/**
 * Where applicants travel from, as circles on an offline map of the United States or the world.
 * The view follows the data (United States when most people come from US cities) until the
 * organiser picks one, so a filter change does not flip a view they chose.
 */
export function TravelMap({ travel, svgRef, className }: TravelMapProps) {
  const [chosen, setChosen] = useState<MapView | null>(null);
  const fallback = useMemo(() => defaultView(travel.cities), [travel.cities]);
  const view = chosen ?? fallback;
  const base = baseMap(view);
  const placed = useMemo(
    () => placeCities(travel.cities, view, base.projection),
    [travel.cities, view, base],
  );
  const venue = useMemo(() => placeVenue(travel.venue, base.projection), [travel.venue, base]);
  const empty = travel.cities.length === 0;

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div role="group" aria-label="Map view" className="flex flex-wrap gap-1.5">
        {MAP_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => setChosen(option)}
            className={cn(
              'inline-flex h-8 items-center rounded-full border px-3 text-xs font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink',
              view === option
                ? 'border-brand-ink bg-brand text-brand-foreground'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
            )}
          >
            {VIEW_LABELS[option]}
          </button>
        ))}
      </div>

      <svg
        ref={svgRef}
        role="img"
        aria-label={summary(travel, view, placed)}
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        // The attributes give a downloaded file its size; the style lets the page scale it.
        width={MAP_WIDTH}
        height={MAP_HEIGHT}
        style={{ width: '100%', height: 'auto' }}
        className="block"
      >
        {base.sphere ? (
          <path d={base.sphere} fill={MAP_COLORS.sphere} stroke={MAP_COLORS.sphereStroke} strokeWidth={1} />
        ) : null}
        <path d={base.land} fill={MAP_COLORS.land} />
        <path
          d={base.borders}
          fill="none"
          stroke={MAP_COLORS.border}
          strokeWidth={0.75}
          strokeLinejoin="round"
          // Hairlines stay visible on a phone, where the whole map is drawn at 40 % of its size.
          vectorEffect="non-scaling-stroke"
        />
        <g
          fill={MAP_COLORS.city}
          fillOpacity={MAP_COLORS.cityOpacity}
          stroke={MAP_COLORS.cityStroke}
          strokeWidth={1}
        >
          {placed.points.map((point) => (
            <circle key={point.key} cx={point.x} cy={point.y} r={point.r} vectorEffect="non-scaling-stroke">
              <title>{point.title}</title>
            </circle>
          ))}
        </g>
        {venue ? (
          <path
            d={starPath(venue.x, venue.y, VENUE_RADIUS)}
            fill={MAP_COLORS.venue}
            stroke={MAP_COLORS.venueStroke}
            strokeWidth={1.5}
            strokeLinejoin="round"
            data-venue=""
          >
            <title>{venue.title}</title>
          </path>
        ) : null}
      </svg>

      {empty ? <p className="text-sm text-slate-700">No travel answers yet.</p> : null}
      {view === 'us' && placed.outside > 0 ? (
        <p className="text-sm text-slate-700">
          {peopleText(placed.outside)} {placed.outside === 1 ? 'travels' : 'travel'} from outside the United
          States:{' '}
          <button
            type="button"
            onClick={() => setChosen('world')}
            className="font-semibold text-brand-ink underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink"
          >
            see World
          </button>
          .
        </p>
      ) : null}
      {empty ? null : <Legend venue={venue !== null} />}
    </div>
  );
}

function Legend({ venue }: { venue: boolean }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      <li className="flex items-center gap-1.5">
        <svg aria-hidden="true" viewBox="0 0 16 16" width={16} height={16} className="size-4 shrink-0">
          <circle
            cx={8}
            cy={8}
            r={6}
            fill={MAP_COLORS.city}
            fillOpacity={MAP_COLORS.cityOpacity}
            stroke={MAP_COLORS.cityStroke}
          />
        </svg>
        A city; the larger the circle, the more people
      </li>
      {venue ? (
        <li className="flex items-center gap-1.5">
          <svg aria-hidden="true" viewBox="0 0 16 16" width={16} height={16} className="size-4 shrink-0">
            <path
              d={starPath(8, 8, 7.5)}
              fill={MAP_COLORS.venue}
              stroke={MAP_COLORS.venueStroke}
              strokeLinejoin="round"
            />
          </svg>
          The venue
        </li>
      ) : null}
    </ul>
  );
}

/** The sentence a screen reader hears for the whole map (the circles' titles are not reachable). */
function summary(travel: Travel, view: MapView, placed: PlacedCities): string {
  if (travel.cities.length === 0) return 'Map of where people travel from: no travel answers yet.';
  const where = view === 'us' ? ' in the United States' : '';
  const top = placed.points[0];
  const count = placed.points.length;
  let text = `Map of where ${peopleText(placed.people)} travel from${where}: ${count.toLocaleString('en-US')} ${count === 1 ? 'city' : 'cities'}`;
  text += top ? `, most from ${top.name} (${top.count.toLocaleString('en-US')}).` : '.';
  if (view === 'us' && placed.outside > 0) {
    const n = placed.outside;
    text += ` ${n.toLocaleString('en-US')} more ${n === 1 ? 'person travels' : 'people travel'} from outside the United States.`;
  }
  return text;
}
