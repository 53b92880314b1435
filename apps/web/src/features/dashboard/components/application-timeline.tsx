import { CalendarClock, CircleCheck, Circle, CircleDot } from 'lucide-react';
import type { EventConfig } from '@lanyard/shared/event';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { buildTimeline, type TimelineStep } from '../lib/timeline';

const STATE_TEXT: Record<TimelineStep['state'], string> = {
  done: 'Completed',
  current: 'Current step',
  upcoming: 'Upcoming',
};

function StepIcon({ step }: { step: TimelineStep }) {
  const cls = 'size-6 shrink-0';
  if (step.state === 'done') return <CircleCheck aria-hidden="true" className={cn(cls, 'text-green-700')} />;
  if (step.state === 'current') return <CircleDot aria-hidden="true" className={cn(cls, 'text-brand-ink')} />;
  if (step.marker) return <CalendarClock aria-hidden="true" className={cn(cls, 'text-slate-500')} />;
  return <Circle aria-hidden="true" className={cn(cls, 'text-slate-400')} />;
}

export function ApplicationTimeline({
  role,
  status,
  event,
}: {
  role: string;
  status: string;
  event: EventConfig;
}) {
  const steps = buildTimeline(role, status, event);
  return (
    <Card aria-labelledby="timeline-title">
      <CardHeader>
        <CardTitle id="timeline-title">Application Timeline</CardTitle>
        <CardDescription>Where you are, and what comes next.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="relative flex flex-col">
          {steps.map((step, i) => (
            <li
              key={step.id}
              aria-current={step.state === 'current' ? 'step' : undefined}
              data-state={step.state}
              className="relative flex gap-4 pb-6 last:pb-0"
            >
              {i < steps.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-7 bottom-1 left-[11px] w-0.5 rounded',
                    step.state === 'done' ? 'bg-green-600' : 'bg-slate-200',
                  )}
                />
              ) : null}
              <StepIcon step={step} />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <p
                  className={cn(
                    'font-medium',
                    step.state === 'current'
                      ? 'text-slate-900'
                      : step.state === 'done'
                        ? 'text-slate-800'
                        : 'text-slate-700',
                  )}
                >
                  {step.title}
                  <span className="sr-only"> ({STATE_TEXT[step.state]})</span>
                  {step.state === 'current' ? (
                    <span
                      className="ml-2 rounded-full bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand-ink"
                      aria-hidden="true"
                    >
                      Now
                    </span>
                  ) : null}
                </p>
                {step.date ? <p className="text-sm text-slate-600">{step.date}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
