import {
  capacitySettingsSchema,
  type CapacityRole,
  type CapacitySettings,
  type UpdateCapacitySettingsBody,
} from '@lanyard/shared/capacity';
import { APPLICANT_ROLES } from '@lanyard/shared/constants';

/** Field errors by path ("hacker.places", "min_answers"), in words a person can act on. */
export type CapacityErrors = Record<string, string>;

/**
 * The draft as the form holds it: a number field being cleared reads as NaN (NumberInput), except
 * places and offer days, where empty means "not set" (no target; offers never expire) and is null,
 * as the server stores it.
 */
export function validateCapacity(draft: CapacitySettings): CapacityErrors {
  const parsed = capacitySettingsSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: CapacityErrors = {};
  // The shared schema's messages are already the organiser's words ("Enter a percentage from 0 to 100").
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

const ROLE_FIELDS = ['places', 'attend_percent', 'yes_percent', 'use_measured', 'auto_promote'] as const;

/** The fields of a role that changed (the server merges them over the stored ones); null if none. */
function changedRole(a: CapacityRole, b: CapacityRole): Partial<CapacityRole> | null {
  const out: Partial<CapacityRole> = {};
  for (const key of ROLE_FIELDS) if (!Object.is(a[key], b[key])) Object.assign(out, { [key]: b[key] });
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Only what changed, field by field, so a save never undoes what another admin changed meanwhile in
 * a field this one did not touch. Never `promotion_paused`: the pause is its own button on the
 * Admissions card and takes effect at once, so a save here leaves it be.
 */
export function changedCapacity(
  saved: CapacitySettings,
  draft: CapacitySettings,
): UpdateCapacitySettingsBody {
  const body: UpdateCapacitySettingsBody = {};
  for (const role of APPLICANT_ROLES) {
    const changed = changedRole(saved[role], draft[role]);
    if (changed) body[role] = changed;
  }
  if (saved.min_answers !== draft.min_answers) body.min_answers = draft.min_answers;
  if (saved.show_waitlist_position !== draft.show_waitlist_position) {
    body.show_waitlist_position = draft.show_waitlist_position;
  }
  if (!Object.is(saved.offer_days, draft.offer_days)) body.offer_days = draft.offer_days;
  return body;
}

export function isCapacityDirty(saved: CapacitySettings, draft: CapacitySettings): boolean {
  return Object.keys(changedCapacity(saved, draft)).length > 0;
}

const FIELD_PATH =
  /^((?:hacker|mentor)\.(?:places|attend_percent|yes_percent|use_measured|auto_promote)|min_answers|offer_days): (.+)$/s;

/**
 * The server names the field it refused as "hacker.places: At most 100,000 places" (its 400 for a
 * body that fails the schema): that message belongs under the field. null when it names none.
 */
export function serverFieldError(message: string): CapacityErrors | null {
  const match = FIELD_PATH.exec(message);
  return match ? { [match[1]!]: match[2]! } : null;
}
