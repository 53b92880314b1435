import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DebouncedInput } from './debounced-input';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(value = '') {
  const onCommit = vi.fn();
  const view = render(<DebouncedInput aria-label="Search" value={value} onCommit={onCommit} delayMs={200} />);
  const input = screen.getByLabelText('Search') as HTMLInputElement;
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  const pause = () => act(() => vi.advanceTimersByTime(200));
  const receive = (next: string) =>
    view.rerender(<DebouncedInput aria-label="Search" value={next} onCommit={onCommit} delayMs={200} />);
  return { input, onCommit, type, pause, receive };
}

describe('DebouncedInput', () => {
  it('commits once typing pauses', () => {
    const { input, onCommit, type, pause } = setup();
    type('Ad');
    type('Ada');
    expect(onCommit).not.toHaveBeenCalled();
    pause();
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('Ada');
    expect(input.value).toBe('Ada');
  });

  it('keeps what is being typed when its own commits come back late, one after another', () => {
    // A slow page: "Ada L" and "Ada Lo" were both committed before the first came back as `value`.
    const { input, onCommit, type, pause, receive } = setup();
    type('Ada L');
    pause();
    type('Ada Lo');
    pause();
    type('Ada Lov');
    receive('Ada L');
    expect(input.value).toBe('Ada Lov');
    type('Ada Love');
    receive('Ada Lo');
    expect(input.value).toBe('Ada Love');
    pause();
    expect(onCommit).toHaveBeenLastCalledWith('Ada Love');
    receive('Ada Love');
    expect(input.value).toBe('Ada Love');
  });

  it('shows a change made elsewhere (Clear Filters, Back, a check-in clearing the search) and drops a pending commit', () => {
    const { input, onCommit, type, pause, receive } = setup();
    type('Ada');
    pause();
    receive('Ada');
    type('Ada L');
    receive('');
    expect(input.value).toBe('');
    pause();
    expect(onCommit).toHaveBeenCalledTimes(1);
    receive('Grace');
    expect(input.value).toBe('Grace');
  });
});
