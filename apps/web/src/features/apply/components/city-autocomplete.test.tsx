import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '@/testing';
import { CITY_LOOKUP_FAILED_MESSAGE, CityAutocomplete } from './city-autocomplete';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="travelFrom">Travelling from</label>
      <CityAutocomplete id="travelFrom" messageId="travelFrom-lookup" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
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
    renderWithProviders(<Harness />);
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
    renderWithProviders(<Harness />);
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
