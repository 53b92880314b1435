import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useReviewShortcuts, type ReviewKey } from './use-review-shortcuts';

afterEach(cleanup);

function Harness({ enabled, calls }: { enabled: boolean; calls: ReviewKey[] }) {
  useReviewShortcuts(
    {
      j: () => calls.push('j'),
      k: () => calls.push('k'),
      a: () => calls.push('a'),
      w: () => calls.push('w'),
      r: () => calls.push('r'),
    },
    enabled,
  );
  return (
    <div>
      <button type="button">Accept</button>
      <input aria-label="Note" />
      <input aria-label="Search" type="search" />
      <input aria-label="Pick" type="checkbox" />
      <textarea aria-label="Comment" />
      <select aria-label="Status">
        <option>a</option>
      </select>
      <div aria-label="Editor" contentEditable suppressContentEditableWarning>
        <span>inside</span>
      </div>
    </div>
  );
}

function setup(enabled = true) {
  const calls: ReviewKey[] = [];
  const view = render(<Harness enabled={enabled} calls={calls} />);
  return { calls, view };
}

const press = (target: Element | Document, init: KeyboardEventInit) => fireEvent.keyDown(target, init);

describe('review shortcuts', () => {
  it('J, K, A, W and R call their handlers, in either case, and nothing else does', () => {
    const { calls } = setup();
    for (const key of ['j', 'k', 'a', 'w', 'r', 'x', 'Enter', ' ']) press(document.body, { key });
    // Caps Lock gives upper case without Shift.
    press(document.body, { key: 'A' });
    expect(calls).toEqual(['j', 'k', 'a', 'w', 'r', 'a']);
  });

  it('takes the key as handled, so the page does not act on it too', () => {
    setup();
    const event = new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    const other = new KeyboardEvent('keydown', { key: 'x', bubbles: true, cancelable: true });
    document.body.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
  });

  it('leaves browser and system shortcuts alone: Ctrl, Cmd, Alt or Shift with the key', () => {
    const { calls } = setup();
    press(document.body, { key: 'r', ctrlKey: true });
    press(document.body, { key: 'w', metaKey: true });
    press(document.body, { key: 'a', altKey: true });
    press(document.body, { key: 'J', shiftKey: true });
    expect(calls).toEqual([]);
  });

  it('a held key acts once: repeats are ignored', () => {
    const { calls } = setup();
    press(document.body, { key: 'a' });
    press(document.body, { key: 'a', repeat: true });
    press(document.body, { key: 'a', repeat: true });
    expect(calls).toEqual(['a']);
  });

  it('letters typed into a field are text, not decisions', () => {
    const { calls } = setup();
    press(screen.getByLabelText('Note'), { key: 'a' });
    press(screen.getByLabelText('Search'), { key: 'r' });
    press(screen.getByLabelText('Comment'), { key: 'w' });
    press(screen.getByLabelText('Status'), { key: 'a' });
    press(screen.getByLabelText('Editor'), { key: 'j' });
    press(screen.getByText('inside'), { key: 'k' });
    expect(calls).toEqual([]);
    // A focused button or checkbox takes no text: the keys work there.
    press(screen.getByRole('button', { name: 'Accept' }), { key: 'a' });
    press(screen.getByLabelText('Pick'), { key: 'j' });
    expect(calls).toEqual(['a', 'j']);
  });

  it('ignores keys while an input method is composing', () => {
    const { calls } = setup();
    press(document.body, { key: 'a', isComposing: true });
    expect(calls).toEqual([]);
  });

  it('reads the key by its place on a keyboard without Latin letters', () => {
    const { calls } = setup();
    // Russian layout: the J key types "о", the A key "ф".
    press(document.body, { key: 'о', code: 'KeyJ' });
    press(document.body, { key: 'ф', code: 'KeyA' });
    press(document.body, { key: 'я', code: 'KeyZ' });
    expect(calls).toEqual(['j', 'a']);
  });

  it('does nothing while the dialog is closed, and stops when it closes', () => {
    const closed = setup(false);
    press(document.body, { key: 'a' });
    expect(closed.calls).toEqual([]);
    cleanup();

    const handler = vi.fn();
    function Toggle({ enabled }: { enabled: boolean }) {
      useReviewShortcuts({ a: handler }, enabled);
      return null;
    }
    const { rerender } = render(<Toggle enabled />);
    press(document.body, { key: 'a' });
    rerender(<Toggle enabled={false} />);
    press(document.body, { key: 'a' });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a key without a handler is left alone', () => {
    render(<Partial />);
    const event = new KeyboardEvent('keydown', { key: 'r', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

function Partial() {
  useReviewShortcuts({ j: () => undefined }, true);
  return null;
}
