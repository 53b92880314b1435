/** The composer's checks and words, apart from its screen so they can be tested alone. */

export type When = 'now' | 'later';

export interface DraftErrors {
  subject?: string;
  body?: string;
  send_at?: string;
  /** An error no single field owns. */
  form?: string;
}

/** What the server would refuse, said before asking it; `now` is the clock (tests pass their own). */
export function checkDraft(
  d: { subject: string; body: string; when: When; sendAt: string },
  now = Date.now(),
): DraftErrors {
  const errors: DraftErrors = {};
  if (!d.subject.trim()) errors.subject = 'Subject is required';
  if (!d.body.trim()) errors.body = 'Message is required';
  if (d.when === 'later') {
    const at = d.sendAt ? new Date(d.sendAt).getTime() : NaN;
    if (Number.isNaN(at)) errors.send_at = 'Choose a date and time';
    else if (at <= now) errors.send_at = 'Choose a time in the future, or send it now.';
  }
  return errors;
}

const FIELDS = ['subject', 'body', 'send_at'] as const;

/**
 * A server message that names one of the composer's fields ("send_at: Choose a time in the
 * future") as that field's error, without the prefix; undefined for any other message.
 */
export function fieldErrorsOf(message: string): DraftErrors | undefined {
  const m = /^(\w+): (.+)$/s.exec(message);
  const field = FIELDS.find((f) => f === m?.[1]);
  return field ? { [field]: m![2] } : undefined;
}

/** "1 person", "1,234 people". */
export function peopleCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'}`;
}

/** "on Fri 15 Aug, 09:00" in the admin's own time zone. */
export function scheduledLabel(iso: string): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `on ${day}, ${time}`;
}

/** The value of a datetime-local input for a moment (local time, to the minute). */
export function localInputValue(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}
