import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TypedConfirmDialog } from './typed-confirm-dialog';

afterEach(cleanup);

function renderDialog(props: Partial<Parameters<typeof TypedConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <TypedConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Are you sure?"
      description="This deletes 3 applications."
      confirmText="confirm"
      actionLabel="Delete Applications"
      destructive
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onConfirm, onOpenChange };
}

describe('TypedConfirmDialog', () => {
  it('enables the action only once the word is typed, in any case', () => {
    const { onConfirm } = renderDialog();
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeTruthy();
    const action = screen.getByRole('button', { name: 'Delete Applications' }) as HTMLButtonElement;
    expect(action.disabled).toBe(true);
    const input = screen.getByLabelText('Type confirm to continue');
    fireEvent.change(input, { target: { value: 'confir' } });
    expect(action.disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' CONFIRM ' } });
    expect(action.disabled).toBe(false);
    fireEvent.click(action);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it.each(['confirm', 'CONFIRM', 'Confirm', '  confirm  ', 'cOnFiRm'])('"%s" matches', (typed) => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Type confirm to continue'), { target: { value: typed } });
    expect((screen.getByRole('button', { name: 'Delete Applications' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it.each(['', 'confirmed', 'conf', 'yes', 'confirm it', 'c o n f i r m'])('"%s" does not', (typed) => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Type confirm to continue'), { target: { value: typed } });
    expect((screen.getByRole('button', { name: 'Delete Applications' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('can end its prompt with another verb', () => {
    renderDialog({ confirmText: '12', confirmVerb: 'confirm', actionLabel: 'Promote' });
    fireEvent.change(screen.getByLabelText('Type 12 to confirm'), { target: { value: '12' } });
    expect((screen.getByRole('button', { name: 'Promote' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('puts focus in the word to type when it opens', () => {
    renderDialog();
    expect(document.activeElement).toBe(screen.getByLabelText('Type confirm to continue'));
  });

  it('without a word to type (confirmText null) it is a plain confirmation, Cancel focused', () => {
    const { onConfirm } = renderDialog({ confirmText: null });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Applications' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('submits with Enter once the word matches, never before', () => {
    const { onConfirm } = renderDialog();
    const input = screen.getByLabelText('Type confirm to continue');
    fireEvent.submit(input.closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'confirm' } });
    fireEvent.submit(input.closest('form')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be confirmed or dismissed while the action runs', () => {
    const { onConfirm, onOpenChange } = renderDialog({ pending: true });
    const input = screen.getByLabelText('Type confirm to continue') as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('starts empty again when reopened', () => {
    const { rerender } = render(
      <TypedConfirmDialog
        open
        onOpenChange={() => {}}
        title="Are you sure?"
        description="x"
        actionLabel="Go"
        onConfirm={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('Type confirm to continue'), { target: { value: 'confirm' } });
    const closed = (
      <TypedConfirmDialog
        open={false}
        onOpenChange={() => {}}
        title="Are you sure?"
        description="x"
        actionLabel="Go"
        onConfirm={() => {}}
      />
    );
    rerender(closed);
    rerender(
      <TypedConfirmDialog
        open
        onOpenChange={() => {}}
        title="Are you sure?"
        description="x"
        actionLabel="Go"
        onConfirm={() => {}}
      />,
    );
    expect((screen.getByLabelText('Type confirm to continue') as HTMLInputElement).value).toBe('');
  });
});
