import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Trash2 } from 'lucide-react';
import { IconButton, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipProvider } from './tooltip';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  // The open tooltip's arrow measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderButtons(onClick = vi.fn()) {
  render(
    <TooltipProvider>
      <IconButton label="Delete ada@example.com" onClick={onClick}>
        <Trash2 aria-hidden="true" />
      </IconButton>
      <IconButton label="Reset application of ada@example.com">
        <Trash2 aria-hidden="true" />
      </IconButton>
      <IconButton label="View application of ada@example.com">
        <Trash2 aria-hidden="true" />
      </IconButton>
    </TooltipProvider>,
  );
  return {
    remove: screen.getByRole('button', { name: 'Delete ada@example.com' }),
    reset: screen.getByRole('button', { name: 'Reset application of ada@example.com' }),
    view: screen.getByRole('button', { name: 'View application of ada@example.com' }),
    onClick,
  };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const tooltip = () => screen.queryByRole('tooltip');

describe('IconButton', () => {
  it('is a button named by its label, with no native title competing with the tooltip', () => {
    const { remove, onClick } = renderButtons();
    expect(remove.getAttribute('aria-label')).toBe('Delete ada@example.com');
    expect(remove.hasAttribute('title')).toBe(false);
    expect(remove.getAttribute('type')).toBe('button');
    fireEvent.click(remove);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('opens on hover only after the open delay', () => {
    const { remove } = renderButtons();
    fireEvent.pointerMove(remove);
    advance(TOOLTIP_OPEN_DELAY_MS - 1);
    expect(tooltip()).toBeNull();
    advance(1);
    expect(tooltip()?.textContent).toBe('Delete ada@example.com');
  });

  it('closes as the pointer leaves; the next button within the skip delay opens at once, not after it', () => {
    const { remove, reset, view } = renderButtons();
    fireEvent.pointerMove(remove);
    advance(TOOLTIP_OPEN_DELAY_MS);
    fireEvent.pointerLeave(remove);
    expect(tooltip()).toBeNull();

    advance(TOOLTIP_SKIP_DELAY_MS - 1);
    fireEvent.pointerMove(reset);
    expect(tooltip()?.textContent).toBe('Reset application of ada@example.com');
    fireEvent.pointerLeave(reset);

    advance(TOOLTIP_SKIP_DELAY_MS);
    fireEvent.pointerMove(view);
    expect(tooltip()).toBeNull();
    advance(TOOLTIP_OPEN_DELAY_MS);
    expect(tooltip()?.textContent).toBe('View application of ada@example.com');
  });

  it('opens at once when Tab brings focus, and Escape closes it with focus kept', () => {
    const { reset } = renderButtons();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => reset.focus());
    expect(tooltip()?.textContent).toBe('Reset application of ada@example.com');
    expect(reset.getAttribute('aria-describedby')).toBe(tooltip()?.id);

    fireEvent.keyDown(reset, { key: 'Escape' });
    expect(tooltip()).toBeNull();
    expect(document.activeElement).toBe(reset);
  });

  it('stays closed when a script moves focus (a dialog opening, or closing after Escape)', () => {
    const { view } = renderButtons();
    fireEvent.keyDown(document.body, { key: 'Enter' });
    act(() => view.focus());
    advance(TOOLTIP_OPEN_DELAY_MS);
    expect(tooltip()).toBeNull();
  });

  it('works without the app provider, with the same delays', () => {
    render(
      <IconButton label="Edit record">
        <Trash2 aria-hidden="true" />
      </IconButton>,
    );
    const edit = screen.getByRole('button', { name: 'Edit record' });
    fireEvent.pointerMove(edit);
    advance(TOOLTIP_OPEN_DELAY_MS - 1);
    expect(tooltip()).toBeNull();
    advance(1);
    expect(tooltip()?.textContent).toBe('Edit record');
  });
});
