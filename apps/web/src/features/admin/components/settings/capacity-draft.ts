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
 * places, where empty means "not set" and is null, as the server stores it.
 */
export function validateCapacity(draft: CapacitySettings): CapacityErrors {
  const parsed = capacitySettingsSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: CapacityErrors = {};
  // The shared schema's messages are already the organiser's words ("Enter a percentage from 0 to 100").
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

const sameRole = (a: CapacityRole, b: CapacityRole) =>
  a.places === b.places &&
  a.attend_percent === b.attend_percent &&
  a.yes_percent === b.yes_percent &&
  a.use_measured === b.use_measured;

/** Only what changed: a role whole when any of its fields did (the endpoint takes roles whole). */
export function changedCapacity(
  saved: CapacitySettings,
  draft: CapacitySettings,
): UpdateCapacitySettingsBody {
  const body: UpdateCapacitySettingsBody = {};
  for (const role of APPLICANT_ROLES) if (!sameRole(saved[role], draft[role])) body[role] = draft[role];
  if (saved.min_answers !== draft.min_answers) body.min_answers = draft.min_answers;
  if (saved.show_waitlist_position !== draft.show_waitlist_position) {
    body.show_waitlist_position = draft.show_waitlist_position;
  }
  return body;
}

export function isCapacityDirty(saved: CapacitySettings, draft: CapacitySettings): boolean {
  return Object.keys(changedCapacity(saved, draft)).length > 0;
}

const FIELD_PATH =
  /^((?:hacker|mentor)\.(?:places|attend_percent|yes_percent|use_measured)|min_answers): (.+)$/s;

/**
 * The server names the field it refused as "hacker.places: At most 100,000 places" (its 400 for a
 * body that fails the schema): that message belongs under the field. null when it names none.
 */
export function serverFieldError(message: string): CapacityErrors | null {
  const match = FIELD_PATH.exec(message);
  return match ? { [match[1]!]: match[2]! } : null;
}
