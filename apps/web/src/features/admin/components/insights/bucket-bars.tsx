import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Bucket } from '@lanyard/shared/insights';
import { AXIS_TICK, INK, truncate, useWideScreen } from './chart-theme';

interface BucketBarsProps {
  buckets: readonly Bucket[];
  /** Opens the list for a bar; bars it returns false for are not clickable. */
  onSelect?: (bucket: Bucket) => void;
  canSelect?: (bucket: Bucket) => boolean;
  /** The word for the counted thing in the tooltip. */
  unit?: string;
}

const ROW = 30;

/**
 * Horizontal bars, one per group, with the count at the end of each: long labels (schools) stay
 * readable on a phone. A merged group ("Others") is grey, so it is not read as one more school.
 */
export function BucketBars({ buckets, onSelect, canSelect, unit = 'People' }: BucketBarsProps) {
  const wide = useWideScreen();
  const labelChars = wide ? 28 : 16;
  const selectable = (b: Bucket) => Boolean(onSelect) && (canSelect ? canSelect(b) : b.key !== null);
  const data = buckets.map((b) => ({ ...b }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, data.length * ROW + 40)}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 48, bottom: 4, left: 4 }}>
        <CartesianGrid horizontal={false} stroke={INK.grid} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
        <YAxis
          type="category"
          dataKey="label"
          width={wide ? 190 : 110}
          interval={0}
          tick={AXIS_TICK}
          tickFormatter={(v: string) => truncate(v, labelChars)}
        />
        <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(v) => [Number(v).toLocaleString('en-US'), unit]} />
        <Bar
          dataKey="count"
          name={unit}
          isAnimationActive={false}
          onClick={(_entry, index) => {
            const bucket = buckets[index];
            if (bucket && selectable(bucket)) onSelect?.(bucket);
          }}
        >
          {data.map((b, i) => (
            <Cell
              key={i}
              fill={b.key === null && /^others?$/i.test(b.label) ? INK.muted : INK.brand}
              cursor={selectable(b) ? 'pointer' : undefined}
              data-testid={`bar-${b.label}`}
            />
          ))}
          <LabelList dataKey="count" position="right" fill="#0f172a" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
