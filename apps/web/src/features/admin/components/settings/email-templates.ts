/** Pure helpers of the e-mail templates card. */

export interface TemplateText {
  subject: string;
  body: string;
}

/** What each placeholder becomes in a sent e-mail (docs/api-rsvp.md). */
export const PLACEHOLDER_HINTS: Record<string, string> = {
  name: "the applicant's first name",
  event: "the event's name and edition",
  dashboard_link: 'the link to the applicant dashboard',
  rsvp_deadline: 'the RSVP deadline',
};

export function placeholderToken(name: string): string {
  return `{{${name}}}`;
}

/**
 * `token` put in place of the selection `[start, end)` of `value` (at the end when the field has no
 * selection yet); `caret` is where the cursor goes after it.
 */
export function insertAt(
  value: string,
  token: string,
  start: number | null | undefined,
  end: number | null | undefined,
): { value: string; caret: number } {
  const from = Math.min(Math.max(0, start ?? value.length), value.length);
  const to = Math.min(Math.max(from, end ?? from), value.length);
  return { value: value.slice(0, from) + token + value.slice(to), caret: from + token.length };
}

/** A draft differs from the saved text (an absent draft never does). */
export function isTemplateDirty(saved: TemplateText, draft: TemplateText | undefined): boolean {
  if (!draft) return false;
  return draft.subject !== saved.subject || draft.body !== saved.body;
}
