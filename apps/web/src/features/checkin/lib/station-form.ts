import {
  STATION_LIMITS,
  stationCreateBodySchema,
  stationUpdateBodySchema,
  type Station,
  type StationAudience,
  type StationCreateBody,
  type StationRule,
  type StationUpdateBody,
} from '@lanyard/shared/stations';

export type CreatableKind = StationCreateBody['kind'];

export interface StationFormValues {
  name: string;
  kind: CreatableKind;
  rule: StationRule;
  audience: StationAudience;
}

export type StationFormErrors = Partial<Record<keyof StationFormValues, string>>;

export const EMPTY_STATION_FORM: StationFormValues = {
  name: '',
  kind: 'meal',
  rule: 'once',
  audience: 'checked_in',
};

export function formValuesOf(station: Station): StationFormValues {
  return {
    name: station.name,
    kind: station.kind === 'checkin' ? 'other' : station.kind,
    rule: station.rule,
    audience: station.audience,
  };
}

export const DUPLICATE_NAME = 'A station with this name already exists.';

/** Names compare as the server's unique index does: trimmed, ignoring case. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The form checked with the server's own schemas, plus the duplicate name the server would refuse
 * with 409 (checked here against the list already loaded, so the answer comes at once).
 */
export function validateStationForm(
  values: StationFormValues,
  editing: Station | null,
  others: readonly Station[],
):
  | { ok: true; create: StationCreateBody; update?: never }
  | { ok: true; update: StationUpdateBody; create?: never }
  | { ok: false; errors: StationFormErrors } {
  const parsed = editing
    ? stationUpdateBodySchema.safeParse({ name: values.name, rule: values.rule, audience: values.audience })
    : stationCreateBodySchema.safeParse(values);
  const errors: StationFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof StationFormValues | undefined;
      if (!field || errors[field]) continue;
      errors[field] =
        field === 'name' && issue.code === 'too_big'
          ? `Name must be at most ${STATION_LIMITS.name} characters.`
          : field === 'name'
            ? 'Name is required.'
            : 'Choose one of the options.';
    }
  }
  if (!errors.name && others.some((s) => s.id !== editing?.id && sameName(s.name, values.name))) {
    errors.name = DUPLICATE_NAME;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return editing
    ? { ok: true, update: parsed.data as StationUpdateBody }
    : { ok: true, create: parsed.data as StationCreateBody };
}
