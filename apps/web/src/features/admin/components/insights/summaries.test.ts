import { describe, expect, it } from 'vitest';
import { tableCsv } from './chart-export';
import { leaderSummary } from './demographics-panels';
import { stageDrill } from './funnel-panel';
import { checkinSummary, slotLabel } from './live-panels';
import { eventDay, timelineSummary } from './timeline-panel';

const day = (date: string, submitted: number, total: number) => ({
  date,
  registered: 0,
  started: 0,
  submitted,
  registered_total: 0,
  started_total: 0,
  submitted_total: total,
});

describe('Insights summaries', () => {
  it('says how many applied, lately, and where the pace leads by the deadline', () => {
    const timeline = {
      days: [day('2025-08-10', 5, 5), day('2025-08-11', 10, 15)],
      deadline: '2025-08-19T03:59:59.000Z',
      projection: { per_day: 2.1, days_left: 7, submitted_at_deadline: 30 },
    };
    const deadline = eventDay(timeline.deadline, 'America/New_York');
    expect(deadline).toBe('2025-08-18');
    expect(timelineSummary(timeline, deadline)).toBe(
      '15 applications submitted, 15 of them in the last 7 days. At this pace, about 30 by the deadline (Aug 18).',
    );
    expect(timelineSummary({ ...timeline, projection: null }, null)).toBe(
      '15 applications submitted, 15 of them in the last 7 days.',
    );
  });

  it('names the largest group, leaving the merged "Others" out', () => {
    const buckets = [
      { label: 'Others', count: 90, key: null },
      { label: 'Cornell University', count: 30, key: 'Cornell University' },
      { label: 'MIT', count: 20, key: 'MIT' },
    ];
    expect(leaderSummary(buckets, 140, 'schools')).toBe(
      'Cornell University leads with 30 people (21% of 140); 2 groups shown.',
    );
    expect(leaderSummary([], 0, 'schools')).toBe('No schools yet.');
  });

  it('opens a list only for the stages the Applications list can show', () => {
    expect(stageDrill('registered', 'hacker')).toBeNull();
    expect(stageDrill('checked_in', 'hacker')).toBeNull();
    expect(stageDrill('submitted', 'mentor')).toEqual({ role: ['mentor'], status: [] });
    expect(stageDrill('confirmed', 'hacker')).toEqual({
      role: ['hacker'],
      status: ['accepted'],
      rsvp: ['accepted'],
    });
    expect(stageDrill('reviewed', 'hacker')).toEqual({
      role: ['hacker'],
      status: [],
      reviewState: ['reviewed'],
    });
  });

  it('labels check-in slots in the event time zone and names the busiest', () => {
    const start = '2025-09-19T13:15:00.000Z';
    expect(slotLabel(start, 'America/New_York', false)).toBe('9:15 AM');
    expect(slotLabel(start, 'America/New_York', true)).toBe('Fri 9:15 AM');
    const data = {
      slots: [
        { start: '2025-09-19T13:00:00.000Z', count: 3, total: 3 },
        { start, count: 7, total: 10 },
      ],
      checked_in: 10,
      expected: 30,
    };
    expect(checkinSummary(data, (iso) => slotLabel(iso, 'America/New_York', false))).toBe(
      '10 of 40 checked in. Busiest 15 minutes: 9:15 AM (7).',
    );
  });

  it("writes a chart's CSV with formula-safe cells and a byte-order mark", () => {
    const csv = tableCsv({
      columns: ['Need', 'People'],
      rows: [
        ['=HYPERLINK("x")', 2],
        ['Vegan, strict', 1],
      ],
    });
    expect(csv).toBe('\uFEFFNeed,People\r\n"\'=HYPERLINK(""x"")",2\r\n"Vegan, strict",1\r\n');
  });
});
