import type { PreviousScan, ScanResult, StationKind } from '@lanyard/shared/stations';

/** The four faces of a result: green, amber, red, and the neutral "tap to check in". */
export type ResultTone = 'ok' | 'already' | 'denied' | 'confirm';

export function resultTone(result: ScanResult): ResultTone {
  if (result.outcome === 'denied' && result.reason === 'needs_confirmation') return 'confirm';
  return result.outcome;
}

export function resultTitle(result: ScanResult, kind: StationKind): string {
  switch (resultTone(result)) {
    case 'ok':
      return kind === 'checkin' ? 'Checked in' : 'OK';
    case 'already':
      return kind === 'checkin' ? 'Already checked in' : 'Already scanned';
    case 'confirm':
      return 'Check in?';
    default:
      return result.reason === 'invalid_code' ? 'This code is not for this event' : 'Not allowed';
  }
}

/** "today at 12:04 PM at Saturday lunch", in the event's time zone (the day named when not today). */
export function previousLine(previous: PreviousScan, timeZone: string, now = new Date()): string {
  const at = new Date(previous.at);
  const day = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  const when = day.format(at) === day.format(now) ? `today at ${time}` : `${day.format(at)} at ${time}`;
  return `${when} at ${previous.station_name}`;
}
