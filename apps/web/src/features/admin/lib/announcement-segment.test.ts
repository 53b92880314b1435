import { describe, expect, it } from 'vitest';
import { presetOf, SEGMENT_PRESETS, segmentSchema, segmentSummary } from '@lanyard/shared/announcements';
import { announceFromList, readSegmentChoice, segmentOf } from './announcement-segment';

describe('announcement segments from the lists', () => {
  it('the Applications list’s current filter, as its URL holds it', () => {
    const params = new URLSearchParams('tab=applications&app_status=accepted&app_role=mentor&app_search=ada');
    const segment = segmentOf('applications', params);
    expect(segment).toEqual({
      list: 'applications',
      filters: { search: 'ada', status: ['accepted'], role: ['mentor'] },
    });
    expect(segmentSchema.safeParse(segment).success).toBe(true);
  });

  it('the RSVP list’s current filter, as its URL holds it', () => {
    const params = new URLSearchParams('rsvp_status=accepted&rsvp_role=hacker&rsvp_response=accepted');
    const segment = segmentOf('rsvps', params);
    expect(segment).toEqual({
      list: 'rsvps',
      filters: { status: ['accepted'], role: ['hacker'], rsvp_status: ['accepted'] },
    });
    expect(segmentSchema.safeParse(segment).success).toBe(true);
  });

  it('carries the check-in filter, so "Checked In" on the list is the "Checked in" preset', () => {
    const out = announceFromList(new URLSearchParams('tab=rsvp&rsvp_checkin=checked_in'), 'rsvps');
    const segment = segmentOf(readSegmentChoice(out), out);
    expect(segment).toEqual({ list: 'rsvps', filters: { checkin: ['checked_in'] } });
    // As the server reads it (the same schema), it is the preset and is summed up by its name.
    const parsed = segmentSchema.parse(segment);
    expect(presetOf(parsed)?.key).toBe('checked_in');
    expect(segmentSummary(parsed)).toBe('Checked in (RSVP list: checked in)');
    // With another filter beside it, it is the list's own filter, not the preset.
    const mentors = segmentOf('rsvps', new URLSearchParams('rsvp_checkin=not_checked_in&rsvp_role=mentor'));
    expect(mentors).toEqual({ list: 'rsvps', filters: { role: ['mentor'], checkin: ['not_checked_in'] } });
    expect(presetOf(segmentSchema.parse(mentors))).toBeUndefined();
  });

  it('"Announce to these" opens the tab on the list, keeping its filters', () => {
    const out = announceFromList(new URLSearchParams('tab=rsvp&rsvp_role=hacker'), 'rsvps');
    expect(out.get('tab')).toBe('announcements');
    expect(out.get('rsvp_role')).toBe('hacker');
    expect(readSegmentChoice(out)).toBe('rsvps');
    expect(readSegmentChoice(new URLSearchParams('announce=nonsense'))).toBe('confirmed_hackers');
  });

  it('every preset is a valid segment', () => {
    for (const p of SEGMENT_PRESETS) {
      expect(segmentOf(p.key, new URLSearchParams())).toEqual(p.segment);
      expect(segmentSchema.safeParse(p.segment).success, p.key).toBe(true);
    }
  });
});
