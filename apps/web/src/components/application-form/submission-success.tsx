import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleCheckBig, ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useEventConfig } from '@/config/event-config';
import { paths } from '@/config/paths';
import { celebrate } from './confetti';

/**
 * After either application is submitted (the mentor's is the same success view as the hacker's): the
 * title, about 3 s of confetti (none with reduced motion), the way back to the dashboard and the
 * event's social links. `children` says what happens next, in the role's words.
 */
export function SubmissionSuccess({ title, children }: { title: string; children: ReactNode }) {
  const event = useEventConfig();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
    const canvas = canvasRef.current;
    if (!canvas) return;
    return celebrate(canvas);
  }, []);

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col justify-center px-4 py-10 sm:px-6 md:py-16">
      <canvas
        ref={canvasRef}
        aria-hidden="true"
        className="pointer-events-none fixed inset-0 z-40 h-full w-full"
      />
      <Card className="flex flex-col items-center gap-5 px-6 py-10 text-center sm:px-10">
        <CircleCheckBig aria-hidden="true" className="size-14 text-green-700" />
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          {title}
        </h1>
        <p className="max-w-prose text-slate-700">{children}</p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.dashboard}>Return to Dashboard</Link>
          </Button>
        </div>
        {event.socialLinks.length > 0 ? (
          <div className="flex flex-col items-center gap-3 border-t border-slate-200 pt-5">
            <p className="text-sm text-slate-600">Follow us for news and announcements:</p>
            <ul className="flex flex-wrap justify-center gap-3">
              {event.socialLinks.slice(0, 2).map((link) => (
                <li key={link.url}>
                  <Button asChild variant="secondary">
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {link.label}
                      <ExternalLink aria-hidden="true" className="text-slate-500" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Card>
    </main>
  );
}
