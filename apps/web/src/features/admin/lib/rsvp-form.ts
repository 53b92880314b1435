import { z } from 'zod';
import { PRONOUN_PRESETS, RSVP_STATUSES, type RsvpStatus } from '@lanyard/shared/constants';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import { safeHttpUrl } from './labels';

/**
 * The Modify RSVP dialog: the answer, and the attendance details only when it is
 * "accepted". What the form holds is plain strings and booleans; `toAdminRsvpBody` turns it into
 * the body of PUT /api/admin/applications/:id/rsvp.
 */

export type PronounChoice = (typeof PRONOUN_PRESETS)[number];
export type PhotoChoice = 'accept' | 'opt_out';

export interface AdminRsvpFormValues {
  rsvp_status: RsvpStatus | '';
  preferred_name: string;
  school_name: string;
  pronoun: PronounChoice | '';
  pronoun_other: string;
  linkedin_url: string;
  github_url: string;
  liability_waiver_accepted: boolean;
  photo: PhotoChoice | '';
}

export interface AdminRsvpBody {
  rsvp_status: RsvpStatus;
  preferred_name?: string;
  school_name?: string;
  pronoun?: string;
  linkedin_url?: string | null;
  github_url?: string | null;
  liability_waiver_accepted?: boolean;
  photo_clearance_accepted?: boolean;
  photo_sharing_opt_out?: boolean;
}

export const LINK_MESSAGE = 'Enter a full link starting with http:// or https://';

export const adminRsvpFormSchema = z
  .object({
    rsvp_status: z.enum([...RSVP_STATUSES, ''] as const),
    preferred_name: z.string().max(200, 'Use at most 200 characters'),
    school_name: z.string().max(200, 'Use at most 200 characters'),
    pronoun: z.enum([...PRONOUN_PRESETS, ''] as const),
    pronoun_other: z.string().max(50, 'Use at most 50 characters'),
    linkedin_url: z.string().max(2048),
    github_url: z.string().max(2048),
    liability_waiver_accepted: z.boolean(),
    photo: z.enum(['accept', 'opt_out', ''] as const),
  })
  .superRefine((v, ctx) => {
    if (v.rsvp_status === '') {
      ctx.addIssue({ code: 'custom', path: ['rsvp_status'], message: 'Choose an RSVP status' });
      return;
    }
    // Hidden fields never block another answer: the server drops the details anyway.
    if (v.rsvp_status !== 'accepted') return;
    if (!v.preferred_name.trim()) {
      ctx.addIssue({ code: 'custom', path: ['preferred_name'], message: 'Preferred full name is required' });
    }
    if (!v.school_name.trim()) {
      ctx.addIssue({ code: 'custom', path: ['school_name'], message: 'Official school name is required' });
    }
    if (!v.pronoun) ctx.addIssue({ code: 'custom', path: ['pronoun'], message: 'Choose a pronoun' });
    if (v.pronoun === 'Other' && !v.pronoun_other.trim()) {
      ctx.addIssue({ code: 'custom', path: ['pronoun_other'], message: 'Please specify the pronoun' });
    }
    for (const key of ['linkedin_url', 'github_url'] as const) {
      const link = v[key].trim();
      if (link && !safeHttpUrl(link)) ctx.addIssue({ code: 'custom', path: [key], message: LINK_MESSAGE });
    }
  });

/** A stored pronoun back into the form: a preset, or Other with the applicant's own words. */
export function pronounChoice(stored: string | null): { pronoun: PronounChoice | ''; pronoun_other: string } {
  const value = stored?.trim() ?? '';
  if (!value) return { pronoun: '', pronoun_other: '' };
  const preset = PRONOUN_PRESETS.find((p) => p !== 'Other' && p.toLowerCase() === value.toLowerCase());
  return preset ? { pronoun: preset, pronoun_other: '' } : { pronoun: 'Other', pronoun_other: value };
}

/** The photo radio's choice for stored answers; none when unanswered or declined outright. */
export function photoChoice(row: Pick<RsvpRow, 'photo_clearance_accepted' | 'photo_sharing_opt_out'>) {
  if (row.photo_sharing_opt_out === true) return 'opt_out';
  if (row.photo_clearance_accepted === true) return 'accept';
  return '';
}

/** The form's starting values: the row as stored. */
export function adminRsvpFormValues(row: RsvpRow): AdminRsvpFormValues {
  return {
    rsvp_status: row.rsvp_status ?? '',
    preferred_name: row.preferred_name ?? '',
    school_name: row.school_name ?? '',
    ...pronounChoice(row.pronoun),
    linkedin_url: row.linkedin_url ?? '',
    github_url: row.github_url ?? '',
    liability_waiver_accepted: row.liability_waiver_accepted === true,
    photo: photoChoice(row),
  };
}

/**
 * The PUT body. Not "accepted": the answer alone (the server clears the details). "accepted": the
 * details, an empty link clearing it; an unticked waiver stays unanswered when it was, and an
 * unchosen photo permission is not sent, so the server keeps what is stored.
 */
export function toAdminRsvpBody(values: AdminRsvpFormValues, row: RsvpRow): AdminRsvpBody {
  if (values.rsvp_status === '') throw new Error('An RSVP status is required');
  if (values.rsvp_status !== 'accepted') return { rsvp_status: values.rsvp_status };
  const body: AdminRsvpBody = {
    rsvp_status: 'accepted',
    preferred_name: values.preferred_name.trim(),
    school_name: values.school_name.trim(),
    pronoun: values.pronoun === 'Other' ? values.pronoun_other.trim() : values.pronoun,
    linkedin_url: values.linkedin_url.trim() || null,
    github_url: values.github_url.trim() || null,
  };
  if (values.liability_waiver_accepted) body.liability_waiver_accepted = true;
  else if (row.liability_waiver_accepted !== null) body.liability_waiver_accepted = false;
  if (values.photo) {
    body.photo_clearance_accepted = values.photo === 'accept';
    body.photo_sharing_opt_out = values.photo === 'opt_out';
  }
  return body;
}
