import { Mail, MapPin } from 'lucide-react';
import { eventYear, useEventConfig } from '@/config/event-context';

export function Footer() {
  const event = useEventConfig();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-slate-700 sm:px-6 md:flex-row md:items-center md:justify-between">
        <p>
          © {eventYear(event)} {event.name}
        </p>
        <address className="flex flex-col gap-2 not-italic sm:flex-row sm:gap-6">
          <span className="inline-flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            {event.venue.address}
          </span>
          <a
            href={`mailto:${event.contactEmail}`}
            className="inline-flex items-center gap-2 break-all text-brand-ink underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {event.contactEmail}
          </a>
        </address>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 pb-8 text-xs text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{event.footerCredit}</p>
        {/* A plain link, not the router's: the landing page's light first load has no router. The
            fallback is the default path, for a config injected before it had a privacy block. */}
        <a
          href={event.privacy?.policyPath ?? '/privacy'}
          className="font-medium text-brand-ink underline underline-offset-4"
        >
          Privacy
        </a>
      </div>
    </footer>
  );
}
