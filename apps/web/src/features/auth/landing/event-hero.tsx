import { CalendarDays, MapPin, Trophy } from 'lucide-react';
import type { EventConfig } from '@lanyard/shared/event';

export function EventHero({ event }: { event: EventConfig }) {
  return (
    <section aria-labelledby="event-heading" className="flex flex-col gap-6">
      <p className="inline-flex w-fit items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-sm">
        <CalendarDays aria-hidden="true" className="size-4 text-brand-ink" />
        {event.dates.event}
      </p>
      <h1 id="event-heading" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        {event.name} <span className="text-brand-ink">{event.edition}</span>
      </h1>
      {event.tagline ? <p className="text-xl font-semibold text-slate-800">{event.tagline}</p> : null}
      {event.description ? (
        <p className="max-w-prose text-base leading-relaxed text-slate-700">{event.description}</p>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-brand-ink" />
            When
          </dt>
          <dd className="pl-7 font-semibold text-slate-900">{event.dates.event}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-ink" />
            Where
          </dt>
          <dd className="pl-7 font-semibold text-slate-900">{event.venue.name}</dd>
          <dd className="pl-7 text-sm text-slate-700">{event.venue.address}</dd>
        </div>
        {event.prizes ? (
          <div>
            <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <Trophy aria-hidden="true" className="size-5 shrink-0 text-brand-ink" />
              Prizes
            </dt>
            <dd className="pl-7 font-semibold text-slate-900">{event.prizes}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
