import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHECKIN_SLOT_MINUTES, type CheckinTimeline } from '@lanyard/shared/insights';
import { useEventConfig } from '@/config/event-context';
import { useInsight, type InsightsParams } from '../../api/insights';
import { ChartCard } from './chart-card';
import { AXIS_TICK, DASH, formatCount, INK, shortDay } from './chart-theme';
import { useLiveCheckins } from './use-live-checkins';

/** Without the stream, the check-in chart asks again this often; RSVPs always do. */
const POLL_MS = 15_000;

function LiveBadge({ live }: { live: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-800">
      <span
        aria-hidden="true"
        className={live ? 'size-2 rounded-full bg-green-600' : 'size-2 rounded-full bg-slate-400'}
      />
      {live ? 'Live' : `Updates every ${POLL_MS / 1000} s`}
    </span>
  );
}

export function RsvpsPanel({ params }: { params: InsightsParams }) {
  const query = useInsight('rsvps', params, { refetchInterval: POLL_MS });
  const data = query.data;
  const last = data?.days.at(-1);
  return (
    <ChartCard
      name="rsvps-over-time"
      title="RSVPs over time"
      summary={
        data
          ? `${formatCount(last?.accepted_total ?? 0)} confirmed and ${formatCount(last?.declined_total ?? 0)} declined; ${formatCount(data.awaiting)} accepted applicants have not answered yet.`
          : undefined
      }
      query={query}
      controls={<LiveBadge live={false} />}
      empty={data && data.days.length === 0 ? 'No RSVPs yet.' : null}
      table={
        data && {
          columns: ['Date', 'Confirmed', 'Declined', 'Confirmed (total)', 'Declined (total)'],
          rows: data.days.map((d) => [d.date, d.accepted, d.declined, d.accepted_total, d.declined_total]),
        }
      }
    >
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={data?.days ?? []} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid stroke={INK.grid} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS_TICK} minTickGap={24} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={48} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} />
          <Legend />
          <Line
            dataKey="accepted_total"
            name="Confirmed"
            stroke={INK.teal}
            strokeWidth={2.5}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="declined_total"
            name="Declined"
            stroke={INK.rose}
            strokeDasharray={DASH.dashed}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** "Sat 9:15 AM" in the event's time zone (the weekday only when the slots span several days). */
export function slotLabel(iso: string, timeZone: string, withDay: boolean): string {
  return new Date(iso).toLocaleString('en-US', {
    timeZone,
    ...(withDay ? { weekday: 'short' as const } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
}

export function checkinSummary(data: CheckinTimeline, label: (iso: string) => string): string {
  const busiest = [...data.slots].sort((a, b) => b.count - a.count)[0];
  const all = data.checked_in + data.expected;
  let text = `${formatCount(data.checked_in)} of ${formatCount(all)} checked in.`;
  if (busiest)
    text += ` Busiest ${CHECKIN_SLOT_MINUTES} minutes: ${label(busiest.start)} (${formatCount(busiest.count)}).`;
  return text;
}

export function CheckinsPanel({ params }: { params: InsightsParams }) {
  const stream = useLiveCheckins();
  const live = stream === 'live';
  const query = useInsight('checkins', params, { refetchInterval: live ? false : POLL_MS });
  const { timeZone } = useEventConfig();
  const data = query.data;
  const days = new Set(data?.slots.map((s) => s.start.slice(0, 10)));
  const label = (iso: string) => slotLabel(iso, timeZone, days.size > 1);
  return (
    <ChartCard
      name="checkins"
      title={`Check-ins per ${CHECKIN_SLOT_MINUTES} minutes`}
      summary={data ? checkinSummary(data, label) : undefined}
      query={query}
      controls={<LiveBadge live={live} />}
      empty={data && data.slots.length === 0 ? 'Nobody has checked in yet.' : null}
      table={
        data && {
          columns: ['From', 'Checked in', 'Total'],
          rows: data.slots.map((s) => [label(s.start), s.count, s.total]),
        }
      }
    >
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart data={data?.slots ?? []} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid stroke={INK.grid} />
          <XAxis dataKey="start" tickFormatter={label} tick={AXIS_TICK} minTickGap={24} />
          <YAxis yAxisId="slot" allowDecimals={false} tick={AXIS_TICK} width={40} />
          <YAxis yAxisId="total" orientation="right" allowDecimals={false} tick={AXIS_TICK} width={48} />
          <Tooltip labelFormatter={(v) => label(String(v))} />
          <Legend />
          <Bar
            yAxisId="slot"
            dataKey="count"
            name={`In ${CHECKIN_SLOT_MINUTES} minutes`}
            fill={INK.brand}
            isAnimationActive={false}
          />
          <Line
            yAxisId="total"
            dataKey="total"
            name="Total"
            stroke={INK.amber}
            strokeDasharray={DASH.dashed}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
