import { SEGMENT_PRESETS, type SegmentInput } from '@lanyard/shared/announcements';
import { applicationsFilterBody, filtersOf, readApplicationParams } from './application-filters';
import { readRsvpParams, rsvpFiltersOf, type RsvpFilters } from './rsvp-filters';
import { writeAdminTab } from './tabs';

/**
 * Who an announcement goes to, as the composer offers it: one of the presets, or the current filter
 * of the Applications or RSVP list. The lists keep their filters in the page URL (each under keys
 * of its own), so "the list's current filter" is read from there, and "Announce to these" on a list
 * only has to open the Announcements tab with `announce=<list>`.
 */
export type SegmentChoice = (typeof SEGMENT_PRESETS)[number]['key'] | 'applications' | 'rsvps';

export const ANNOUNCE_PARAM = 'announce';
export const DEFAULT_SEGMENT_CHOICE: SegmentChoice = 'confirmed_hackers';

/** The RSVP filters as the API names them (the list's query fields), empty ones left out. */
export function rsvpSegmentFilters(f: RsvpFilters): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const search = f.search.trim();
  if (search) out.search = search;
  if (f.status.length) out.status = [...f.status];
  if (f.role.length) out.role = [...f.role];
  if (f.rsvp.length) out.rsvp_status = [...f.rsvp];
  if (f.liability.length) out.liability = [...f.liability];
  if (f.photo.length) out.photo = [...f.photo];
  if (f.checkin.length) out.checkin = [...f.checkin];
  return out;
}

/** The segment a choice stands for, with the lists' filters as the URL holds them now. */
export function segmentOf(choice: SegmentChoice, params: URLSearchParams): SegmentInput {
  if (choice === 'applications') {
    return {
      list: 'applications',
      filters: applicationsFilterBody(filtersOf(readApplicationParams(params))),
    };
  }
  if (choice === 'rsvps') {
    return { list: 'rsvps', filters: rsvpSegmentFilters(rsvpFiltersOf(readRsvpParams(params))) };
  }
  const preset = SEGMENT_PRESETS.find((p) => p.key === choice) ?? SEGMENT_PRESETS[0]!;
  return preset.segment as SegmentInput;
}

export function isSegmentChoice(value: unknown): value is SegmentChoice {
  return value === 'applications' || value === 'rsvps' || SEGMENT_PRESETS.some((p) => p.key === value);
}

/** The choice the URL opens the composer with (a list's "Announce to these"), or the default. */
export function readSegmentChoice(params: URLSearchParams): SegmentChoice {
  const value = params.get(ANNOUNCE_PARAM);
  return isSegmentChoice(value) ? value : DEFAULT_SEGMENT_CHOICE;
}

/** The URL that opens the composer on a list's current filter; the lists' own keys stay. */
export function announceFromList(params: URLSearchParams, list: 'applications' | 'rsvps'): URLSearchParams {
  const out = writeAdminTab(params, 'announcements');
  out.set(ANNOUNCE_PARAM, list);
  return out;
}

export const SEGMENT_CHOICE_LABELS: Record<'applications' | 'rsvps', string> = {
  applications: 'The Applications list’s current filter',
  rsvps: 'The RSVP list’s current filter',
};
