import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { Station } from '@lanyard/shared/stations';
import { renderWithProviders } from '@/testing';
import { StationFormDialog } from './station-form-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AT = '2026-03-07T12:00:00.000Z';
const LUNCH: Station = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Saturday lunch',
  kind: 'meal',
  rule: 'once',
  audience: 'checked_in',
  express: false,
  archived: false,
  created_at: AT,
  updated_at: AT,
};

function mockFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCreate(stations: Station[] = [LUNCH]) {
  const onSaved = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  renderWithProviders(
    <StationFormDialog target={{ mode: 'create' }} stations={stations} onClose={vi.fn()} onSaved={onSaved} />,
    { queryClient: client, user: null },
  );
  return { onSaved };
}

describe('Station form', { timeout: 20_000 }, () => {
  it('says what is wrong with the name, next to it, without asking the server', async () => {
    const fetchMock = mockFetch(201, LUNCH);
    renderCreate();
    fireEvent.click(screen.getByRole('button', { name: 'Create station' }));
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Name is required.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'saturday LUNCH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create station' }));
    expect(screen.getByText('A station with this name already exists.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the trimmed name with the kind, rule and audience chosen', async () => {
    const fetchMock = mockFetch(201, { ...LUNCH, id: '00000000-0000-4000-8000-000000000002', name: 'Swag' });
    const { onSaved } = renderCreate();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Swag ' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'swag' } });
    fireEvent.change(screen.getByLabelText('How often'), { target: { value: 'unlimited' } });
    fireEvent.change(screen.getByLabelText('Who may use it'), { target: { value: 'confirmed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create station' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checkin/stations');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Swag',
      kind: 'swag',
      rule: 'unlimited',
      audience: 'confirmed',
    });
  });

  it("shows the server's 409 on the name field", async () => {
    mockFetch(409, { code: 'station_exists', error: 'A station with this name already exists' });
    renderCreate([]);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Dinner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create station' }));
    expect(await screen.findByText('A station with this name already exists.')).toBeTruthy();
  });
});
