import { DATE_RANGE_MESSAGE, isoDateTimeSchema } from '@lanyard/shared/dates';
import {
  accessCodeSchema,
  applicationWindow,
  type AdminSettings,
  type ApplicationWindow,
  type UpdateSettingsBody,
} from '@lanyard/shared/settings';

/** What the settings form edits: dates as the browser's local date and time inputs show them. */
export interface SettingsDraft {
  deadlineDate: string;
  deadlineTime: string;
  forceOpen: boolean;
  allowLate: boolean;
  requireCode: boolean;
  rsvpDeadlineDate: string;
  rsvpDeadlineTime: string;
  rsvpOpen: boolean;
  codes: string[];
}

/** Time used when a date is chosen without a time: the end of that day. */
export const DEFAULT_TIME = '23:59';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** An ISO instant as the local `YYYY-MM-DD` and `HH:mm` of this browser's time zone. */
export function isoToLocalParts(iso: string | null): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { date: '', time: '' };
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** `+02:00` / `-05:00` for a local date (its own offset, so daylight saving is right). */
export function offsetOf(d: Date): string {
  const minutes = -d.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

export type LocalDateTimeResult = { ok: true; iso: string | null } | { ok: false; error: string };

/**
 * Local date and time inputs to an ISO string with the browser's offset
 * (`2025-08-18T23:59:00-04:00`). Both empty means "no deadline" (null); a date alone takes 23:59.
 */
export function localPartsToIso(date: string, time: string): LocalDateTimeResult {
  if (!date && !time) return { ok: true, iso: null };
  if (!date) return { ok: false, error: 'Choose a date, or clear the time.' };
  const dm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const tm = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time || DEFAULT_TIME);
  if (!dm || !tm) return { ok: false, error: 'Enter a valid date and time.' };
  const [y, mo, d] = [Number(dm[1]), Number(dm[2]), Number(dm[3])];
  const [h, mi] = [Number(tm[1]), Number(tm[2])];
  const local = new Date(y, mo - 1, d, h, mi, 0, 0);
  if (
    Number.isNaN(local.getTime()) ||
    local.getFullYear() !== y ||
    local.getMonth() !== mo - 1 ||
    local.getDate() !== d ||
    h > 23 ||
    mi > 59
  ) {
    return { ok: false, error: 'Enter a valid date and time.' };
  }
  const iso =
    `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}` +
    `T${pad(local.getHours())}:${pad(local.getMinutes())}:00${offsetOf(local)}`;
  if (!isoDateTimeSchema.safeParse(iso).success) return { ok: false, error: `${DATE_RANGE_MESSAGE}.` };
  return { ok: true, iso };
}

export function toDraft(s: AdminSettings): SettingsDraft {
  const deadline = isoToLocalParts(s.application_deadline);
  const rsvp = isoToLocalParts(s.rsvp_deadline);
  return {
    deadlineDate: deadline.date,
    deadlineTime: deadline.time,
    forceOpen: s.force_application_open,
    allowLate: s.allow_late_applications,
    requireCode: s.require_access_code,
    rsvpDeadlineDate: rsvp.date,
    rsvpDeadlineTime: rsvp.time,
    rsvpOpen: s.rsvp_open,
    codes: [...s.special_access_codes],
  };
}

export interface DraftErrors {
  deadline?: string;
  rsvpDeadline?: string;
}

export type BuildResult = { ok: true; body: UpdateSettingsBody } | { ok: false; errors: DraftErrors };

/** Same codes, in any order (the order of the list means nothing). */
const sameList = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((v, i) => v === sorted[i]);
};

/**
 * The PUT /api/settings body: only the fields the admin changed compared with `initial` (so an
 * untouched deadline with seconds is never rewritten), or the errors that stop a save.
 */
export function buildUpdateBody(initial: SettingsDraft, draft: SettingsDraft): BuildResult {
  const body: UpdateSettingsBody = {};
  const errors: DraftErrors = {};
  if (draft.deadlineDate !== initial.deadlineDate || draft.deadlineTime !== initial.deadlineTime) {
    const r = localPartsToIso(draft.deadlineDate, draft.deadlineTime);
    if (r.ok) body.application_deadline = r.iso;
    else errors.deadline = r.error;
  }
  if (
    draft.rsvpDeadlineDate !== initial.rsvpDeadlineDate ||
    draft.rsvpDeadlineTime !== initial.rsvpDeadlineTime
  ) {
    const r = localPartsToIso(draft.rsvpDeadlineDate, draft.rsvpDeadlineTime);
    if (r.ok) body.rsvp_deadline = r.iso;
    else errors.rsvpDeadline = r.error;
  }
  if (draft.forceOpen !== initial.forceOpen) body.force_application_open = draft.forceOpen;
  if (draft.allowLate !== initial.allowLate) body.allow_late_applications = draft.allowLate;
  if (draft.requireCode !== initial.requireCode) body.require_access_code = draft.requireCode;
  if (draft.rsvpOpen !== initial.rsvpOpen) body.rsvp_open = draft.rsvpOpen;
  if (!sameList(draft.codes, initial.codes)) body.special_access_codes = [...draft.codes];
  if (errors.deadline || errors.rsvpDeadline) return { ok: false, errors };
  return { ok: true, body };
}

export function isDirty(initial: SettingsDraft, draft: SettingsDraft): boolean {
  return (
    draft.deadlineDate !== initial.deadlineDate ||
    draft.deadlineTime !== initial.deadlineTime ||
    draft.rsvpDeadlineDate !== initial.rsvpDeadlineDate ||
    draft.rsvpDeadlineTime !== initial.rsvpDeadlineTime ||
    draft.forceOpen !== initial.forceOpen ||
    draft.allowLate !== initial.allowLate ||
    draft.requireCode !== initial.requireCode ||
    draft.rsvpOpen !== initial.rsvpOpen ||
    !sameList(draft.codes, initial.codes)
  );
}

export type AddCodeResult =
  | { outcome: 'added'; codes: string[]; code: string }
  | { outcome: 'empty'; codes: string[] }
  | { outcome: 'duplicate'; codes: string[]; code: string }
  | { outcome: 'invalid'; codes: string[]; message: string };

/** Access codes are forced upper case; duplicates are not added; empty input is ignored. */
export function addAccessCode(codes: readonly string[], input: string): AddCodeResult {
  const list = [...codes];
  if (input.trim() === '') return { outcome: 'empty', codes: list };
  const parsed = accessCodeSchema.safeParse(input);
  if (!parsed.success) {
    return { outcome: 'invalid', codes: list, message: parsed.error.issues[0]?.message ?? 'Invalid code' };
  }
  const code = parsed.data;
  if (list.includes(code)) return { outcome: 'duplicate', codes: list, code };
  return { outcome: 'added', codes: [...list, code], code };
}

/**
 * What the application window would be with the draft's settings, by the browser's clock (the
 * server decides for real; this only previews the effect before saving). Null if a date is invalid.
 */
export function previewWindow(draft: SettingsDraft, now: Date): ApplicationWindow | null {
  const r = localPartsToIso(draft.deadlineDate, draft.deadlineTime);
  if (!r.ok) return null;
  return applicationWindow(
    {
      applicationDeadline: r.iso ? new Date(r.iso) : null,
      allowLateApplications: draft.allowLate,
      requireAccessCode: draft.requireCode,
      forceApplicationOpen: draft.forceOpen,
    },
    now,
  );
}
