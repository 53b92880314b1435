/**
 * Printed name badges (issue 20): the layouts an admin picks, who is printed, and the request that
 * asks for them. The server renders the PDF; the check-in portal's Print badges card sends this.
 */
import { z } from 'zod';
import type { CheckinRole } from './constants';

export const BADGE_LAYOUTS = ['a4-2x3', 'a4-2x4', 'letter-2x3', 'letter-2x4', 'single'] as const;
export type BadgeLayout = (typeof BADGE_LAYOUTS)[number];
export const BADGE_LAYOUT_LABELS: Record<BadgeLayout, string> = {
  'a4-2x3': 'A4 2×3',
  'a4-2x4': 'A4 2×4',
  'letter-2x3': 'Letter 2×3',
  'letter-2x4': 'Letter 2×4',
  single: 'One per page',
};

/**
 * `confirmed`: everyone on the check-in list (confirmed attendees, and people added at the desk or
 * by CSV, who need no RSVP); `checked_in`: those checked in; `selected`: the records named by id.
 */
export const BADGE_SCOPES = ['confirmed', 'checked_in', 'selected'] as const;
export type BadgeScope = (typeof BADGE_SCOPES)[number];
export const BADGE_SCOPE_LABELS: Record<BadgeScope, string> = {
  confirmed: 'All confirmed',
  checked_in: 'Checked in',
  selected: 'Selected',
};

/** At most this many records may be named in one selection. */
export const BADGE_SELECTION_MAX = 1000;

/** POST /api/checkin/badges.pdf */
export const badgesRequestSchema = z
  .object({
    scope: z.enum(BADGE_SCOPES),
    layout: z.enum(BADGE_LAYOUTS),
    ids: z.array(z.string().uuid()).min(1).max(BADGE_SELECTION_MAX).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.scope === 'selected' && !body.ids)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Name the records to print' });
    if (body.scope !== 'selected' && body.ids)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Only a selection names records' });
  });
export type BadgesRequest = z.infer<typeof badgesRequestSchema>;

/**
 * The response header of POST /api/checkin/badges.pdf that counts the badges whose name or pronoun
 * has characters no font on the server has (they print as boxes), so the admin hears before printing.
 */
export const BADGES_UNPRINTABLE_HEADER = 'x-badges-unprintable';

/** The role bands' words: a badge says who someone is at the event, in plain Title Case. */
export type BadgeRole = CheckinRole;
export const BADGE_ROLE_LABELS: Record<BadgeRole, string> = {
  hacker: 'Hacker',
  mentor: 'Mentor',
  judge: 'Judge',
  sponsor: 'Sponsor',
  'mentor + judge': 'Mentor + Judge',
  organiser: 'Organiser',
};

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #2563eb');

/** The role bands' colours (event config `badges.colors`); each one left out keeps its default. */
export const DEFAULT_BADGE_COLORS = {
  hacker: '#2563eb',
  mentor: '#059669',
  judge: '#7c3aed',
  sponsor: '#d97706',
  organiser: '#dc2626',
} as const;

export const badgeConfigSchema = z
  .object({
    colors: z
      .object({
        hacker: hex.default(DEFAULT_BADGE_COLORS.hacker),
        mentor: hex.default(DEFAULT_BADGE_COLORS.mentor),
        judge: hex.default(DEFAULT_BADGE_COLORS.judge),
        sponsor: hex.default(DEFAULT_BADGE_COLORS.sponsor),
        organiser: hex.default(DEFAULT_BADGE_COLORS.organiser),
      })
      .strict()
      .default({ ...DEFAULT_BADGE_COLORS }),
  })
  .strict()
  .default({ colors: { ...DEFAULT_BADGE_COLORS } });
export type BadgeConfig = z.infer<typeof badgeConfigSchema>;
