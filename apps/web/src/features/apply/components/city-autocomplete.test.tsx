import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { CITY_LOOKUP_FAILED_MESSAGE, CityAutocomplete } from './city-autocomplete';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={createQueryClient()}>
      <label htmlFor="travelFrom">Travelling from</label>
      <CityAutocomplete id="travelFrom" messageId="travelFrom-lookup" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </QueryClientProvider>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CityAutocomplete', () => {
  it('asks the server once the typing pauses and offers its cities', async () => {
    const fetchMock = vi.fn((_url: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            cities: [
              {
                label: 'Paris, Île-de-France, France',
                name: 'Paris',
                region: 'Île-de-France',
                country: 'France',
              },
            ],
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Travelling from' });
    fireEvent.change(input, { target: { value: 'P' } });
    fireEvent.change(input, { target: { value: 'Pa' } });
    fireEvent.change(input, { target: { value: 'Par' } });
    const option = await screen.findByRole('option', { name: /Paris/ });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/places/cities?q=Par');
    fireEvent.click(option);
    expect(screen.getByTestId('value').textContent).toBe('Paris, Île-de-France, France');
  });

  it('asks for the city by hand when suggestions cannot be loaded, and keeps what is typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Travelling from' });
    fireEvent.change(input, { target: { value: 'Smallville' } });
    await waitFor(() => expect(screen.getByText(CITY_LOOKUP_FAILED_MESSAGE)).toBeTruthy());
    expect(CITY_LOOKUP_FAILED_MESSAGE).toBe(
      "We couldn't load city suggestions. Please type your city manually.",
    );
    expect(input.getAttribute('aria-describedby')).toContain('travelFrom-lookup');
    expect(screen.getByTestId('value').textContent).toBe('Smallville');
  });
});
