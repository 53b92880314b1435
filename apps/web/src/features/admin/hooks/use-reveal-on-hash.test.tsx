import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/testing';
import { useRevealOnHash } from './use-reveal-on-hash';

/** A section below something that loads: "Loaded" stands for the settings form arriving. */
function Harness() {
  const [ready, setReady] = useState(false);
  useRevealOnHash('capacity', 'capacity-title', ready);
  return (
    <>
      <button type="button" onClick={() => setReady(true)}>
        Loaded
      </button>
      <section id="capacity">
        <h2 id="capacity-title" tabIndex={-1}>
          Capacity
        </h2>
      </section>
    </>
  );
}

const scroll = vi.fn();
const original = Element.prototype.scrollIntoView;

beforeEach(() => {
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = scroll;
});

afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = original;
  scroll.mockReset();
});

describe('useRevealOnHash', () => {
  it('scrolls to the section the hash names and focuses its heading, once what is above has loaded', async () => {
    renderWithProviders(<Harness />, { path: '/admin?tab=settings#capacity' });
    const heading = await screen.findByRole('heading', { name: 'Capacity' });
    expect(scroll).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Loaded' }));
    await waitFor(() => expect(scroll).toHaveBeenCalledTimes(1));
    expect(scroll.mock.contexts[0]).toBe(document.getElementById('capacity'));
    expect(document.activeElement).toBe(heading);
  });

  it('does nothing without the hash', async () => {
    renderWithProviders(<Harness />, { path: '/admin?tab=settings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Loaded' }));
    expect(scroll).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Capacity' }));
  });
});
