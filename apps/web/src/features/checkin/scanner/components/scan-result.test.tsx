import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SCAN_DENIAL_MESSAGES, type ScanResult, type StationKind } from '@lanyard/shared/stations';
import { ScanResultView, type ShownResult } from './scan-result';

afterEach(cleanup);

const PERSON = {
  name: 'Ada',
  pronoun: 'She/Her',
  under_18: true,
  role: 'hacker' as const,
  shirt_size: 'm',
  dietary: 'Vegan, no nuts',
};

function result(patch: Partial<ScanResult>): ScanResult {
  return {
    scan_id: 'scan-1',
    client_scan_id: 'c-1',
    outcome: 'ok',
    reason: null,
    message: 'OK',
    person: PERSON,
    previous: null,
    undo_until: null,
    ...patch,
  };
}

function renderResult(r: ScanResult, kind: StationKind = 'meal', shown: Partial<ShownResult> = {}) {
  const handlers = { onCollapse: vi.fn(), onUndo: vi.fn(), onConfirm: vi.fn() };
  render(
    <ScanResultView
      shown={{ result: r, offline: false, undoUntil: null, ...shown }}
      kind={kind}
      timeZone="America/New_York"
      expanded
      undoPending={false}
      confirmPending={false}
      {...handlers}
    />,
  );
  return { region: screen.getByRole('region', { name: 'Scan result' }), ...handlers };
}

describe('ScanResultView', () => {
  it('OK is green with the name, pronoun, the red under-18 badge and, at a meal, the dietary needs', () => {
    const { region, onUndo } = renderResult(result({}), 'meal', { undoUntil: Date.now() + 10_000 });
    expect(region.dataset.tone).toBe('ok');
    expect(region.className).toMatch(/bg-green-800/);
    expect(within(region).getByText('OK')).toBeTruthy();
    expect(within(region).getByText('Ada')).toBeTruthy();
    expect(within(region).getByText('She/Her')).toBeTruthy();
    expect(within(region).getByText('Under 18').className).toMatch(/bg-red-700/);
    expect(within(region).getByText('Dietary: Vegan, no nuts')).toBeTruthy();
    expect(within(region).queryByText(/Shirt/)).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: /Undo \(\d+ s\)/ }));
    expect(onUndo).toHaveBeenCalledOnce();
  });

  it('shows the shirt size at a swag station, and neither extra at a workshop', () => {
    const { region } = renderResult(result({}), 'swag');
    expect(within(region).getByText('Shirt: M')).toBeTruthy();
    expect(within(region).queryByText(/Dietary/)).toBeNull();
  });

  it('a workshop shows neither shirt nor dietary; no Undo once its time is up', () => {
    const { region } = renderResult(result({}), 'workshop', { undoUntil: Date.now() - 1 });
    expect(within(region).queryByText(/Dietary|Shirt/)).toBeNull();
    expect(within(region).queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it('already is amber and says when (event time zone) and where', () => {
    const { region } = renderResult(
      result({
        outcome: 'already',
        previous: { at: '2025-09-20T16:05:00Z', station_name: 'Saturday lunch' },
      }),
    );
    expect(region.dataset.tone).toBe('already');
    expect(region.className).toMatch(/bg-amber-300/);
    expect(within(region).getByText('Already scanned')).toBeTruthy();
    expect(within(region).getByText('Scanned Sep 20, 2025 at 12:05 PM at Saturday lunch')).toBeTruthy();
  });

  it('denied is red with the reason in words', () => {
    const { region } = renderResult(
      result({ outcome: 'denied', reason: 'not_checked_in', message: SCAN_DENIAL_MESSAGES.not_checked_in }),
    );
    expect(region.dataset.tone).toBe('denied');
    expect(region.className).toMatch(/bg-red-700/);
    expect(within(region).getByText('Not allowed')).toBeTruthy();
    expect(within(region).getByText(SCAN_DENIAL_MESSAGES.not_checked_in)).toBeTruthy();
  });

  it('a code not ours is red, titled so, with nobody shown', () => {
    const { region } = renderResult(
      result({ outcome: 'denied', reason: 'invalid_code', person: null, scan_id: null }),
    );
    expect(region.dataset.tone).toBe('denied');
    expect(within(region).getByText('This code is not for this event')).toBeTruthy();
    expect(within(region).queryByRole('list', { name: 'About them' })).toBeNull();
  });

  it('needs confirmation is neutral, not red, with a Check in button', () => {
    const { region, onConfirm } = renderResult(
      result({ outcome: 'denied', reason: 'needs_confirmation', scan_id: null }),
      'checkin',
    );
    expect(region.dataset.tone).toBe('confirm');
    expect(region.className).not.toMatch(/bg-red/);
    expect(within(region).getByText('Check in?')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Check in' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(within(region).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('says Checked in at the check-in station, and marks a verdict made offline', () => {
    const { region } = renderResult(result({}), 'checkin', { offline: true });
    expect(within(region).getByText('Checked in')).toBeTruthy();
    expect(within(region).getByText(/Judged offline/)).toBeTruthy();
  });
});
