import { afterEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({ toast: { error: vi.fn(), dismiss: vi.fn() } }));
vi.mock('sonner', () => sonner);

afterEach(() => {
  vi.resetModules();
});

describe('landing toasts', () => {
  it('mounts the toaster before the first toast and only once', async () => {
    const { setToasterMount, showErrorToast } = await import('./toast');
    const order: string[] = [];
    const mount = vi.fn(async () => {
      order.push('mount');
    });
    sonner.toast.error.mockImplementation((title: string) => order.push(title));
    setToasterMount(mount);
    showErrorToast('Login failed', 'Network error');
    showErrorToast('Registration failed', 'Please try again later.');
    await vi.waitFor(() => expect(sonner.toast.error).toHaveBeenCalledTimes(2));
    expect(order).toEqual(['mount', 'Login failed', 'Registration failed']);
    expect(sonner.toast.error).toHaveBeenCalledWith('Login failed', { description: 'Network error' });
  });

  it('dismisses only once sonner is loaded: before any toast there is nothing to dismiss', async () => {
    const { dismissToasts, showErrorToast } = await import('./toast');
    sonner.toast.dismiss.mockClear();
    dismissToasts();
    await vi.dynamicImportSettled();
    expect(sonner.toast.dismiss).not.toHaveBeenCalled();
    showErrorToast("Passwords don't match", 'Please make sure both password fields are identical.');
    dismissToasts();
    await vi.waitFor(() => expect(sonner.toast.dismiss).toHaveBeenCalledTimes(1));
  });
});
