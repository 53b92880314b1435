import { useState } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Timeline } from '@lanyard/shared/insights';
import { useEventConfig } from '@/config/event-context';
import { useInsight, type InsightsParams } from '../../api/insights';
import { ChartCard } from './chart-card';
import { AXIS_TICK, DASH, formatCount, INK, shortDay } from './chart-theme';
import { ViewToggle } from './view-toggle';
import { useOpenList } from './use-open-list';

type View = 'total' | 'day';

/** The deadline's day in the event's time zone, as the server's days are. */
export function eventDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

export function timelineSummary(t: Timeline, deadlineDay: string | null): string {
  const last = t.days.at(-1);
  const submitted = last?.submitted_total ?? 0;
  const lastWeek = t.days.slice(-7).reduce((sum, d) => sum + d.submitted, 0);
  let text = `${formatCount(submitted)} applications submitted, ${formatCount(lastWeek)} of them in the last 7 days.`;
  if (t.projection && deadlineDay) {
    text += ` At this pace, about ${formatCount(t.projection.submitted_at_deadline)} by the deadline (${shortDay(deadlineDay)}).`;
  } else if (deadlineDay) text += ` Deadline: ${shortDay(deadlineDay)}.`;
  return text;
}

export function TimelinePanel({ params }: { params: InsightsParams }) {
  const query = useInsight('timeline', params);
  const { timeZone } = useEventConfig();
  const [view, setView] = useState<View>('total');
  const list = useOpenList(params);
  const t = query.data;
  const deadlineDay = t?.deadline ? eventDay(t.deadline, timeZone) : null;

  const rows = (t?.days ?? []).map((d) =>
    view === 'total'
      ? {
          date: d.date,
          registered: d.registered_total,
          started: d.started_total,
          submitted: d.submitted_total,
        }
      : { date: d.date, registered: d.registered, started: d.started, submitted: d.submitted },
  );
  const data: {
    date: string;
    registered?: number;
    started?: number;
    submitted?: number;
    projected?: number;
  }[] = [...rows];
  if (view === 'total' && t?.projection && deadlineDay && rows.length) {
    const last = data[data.length - 1]!;
    last.projected = last.submitted;
    if (deadlineDay > last.date)
      data.push({ date: deadlineDay, projected: t.projection.submitted_at_deadline });
  }
  const drill = (date: string) => ({ dateFrom: date, dateTo: date });

  return (
    <ChartCard
      name="applications-over-time"
      title="Applications over time"
      summary={t ? timelineSummary(t, deadlineDay) : undefined}
      query={query}
      empty={t && t.days.length === 0 ? 'No registrations yet.' : null}
      className="lg:col-span-2"
      controls={
        <ViewToggle
          label="Show"
          value={view}
          onChange={setView}
          options={[
            { value: 'total', label: 'Cumulative' },
            { value: 'day', label: 'Per day' },
          ]}
        />
      }
      table={
        t && {
          columns: [
            'Date',
            'Registered',
            'Started',
            'Submitted',
            'Registered (total)',
            'Started (total)',
            'Submitted (total)',
          ],
          rows: t.days.map((d) => [
            d.date,
            d.registered,
            d.started,
            d.submitted,
            d.registered_total,
            d.started_total,
            d.submitted_total,
          ]),
        }
      }
      rowLinks={t?.days.map((d) => (d.submitted > 0 ? list.href(drill(d.date)) : null))}
    >
      <ResponsiveContainer width="100%" height={300}>
        <LineChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
          onClick={(state) => {
            const index = Number(state?.activeTooltipIndex);
            const day = Number.isInteger(index) ? t?.days[index] : undefined;
            if (day && day.submitted > 0) list.open(drill(day.date));
          }}
        >
          <CartesianGrid stroke={INK.grid} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS_TICK} minTickGap={24} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={48} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} />
          <Legend />
          <Line
            type="monotone"
            dataKey="registered"
            name="Registered"
            stroke={INK.muted}
            strokeDasharray={DASH.dotted}
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="started"
            name="Started"
            stroke={INK.teal}
            strokeDasharray={DASH.dashed}
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="submitted"
            name="Submitted"
            stroke={INK.brand}
            dot={false}
            strokeWidth={2.5}
            isAnimationActive={false}
            cursor="pointer"
          />
          {view === 'total' && t?.projection ? (
            <Line
              type="linear"
              dataKey="projected"
              name="Projected"
              stroke={INK.brand}
              strokeDasharray={DASH.dashed}
              dot={{ r: 3 }}
              strokeWidth={1.5}
              connectNulls
              isAnimationActive={false}
            />
          ) : null}
          {deadlineDay && data.some((d) => d.date === deadlineDay) ? (
            <ReferenceLine
              x={deadlineDay}
              stroke={INK.rose}
              strokeDasharray={DASH.dashed}
              label={{ value: 'Deadline', position: 'insideTopRight', fill: INK.rose, fontSize: 12 }}
            />
          ) : null}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
