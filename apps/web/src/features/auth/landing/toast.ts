import type { toast } from 'sonner';

// Toasts for the landing forms. sonner (about 9 KB gz) is imported only when the first toast is
// shown, so the landing page's first load does not carry it. Inside the app, <Toaster> is already
// mounted by AppProvider; the light entry registers how to mount one (setToasterMount).

type Toast = typeof toast;

let mountToaster: (() => Promise<void>) | null = null;
let loading: Promise<Toast> | null = null;

export function setToasterMount(mount: () => Promise<void>): void {
  mountToaster = mount;
}

function loadToast(): Promise<Toast> {
  loading ??= Promise.all([import('sonner'), mountToaster?.()]).then(([{ toast }]) => toast);
  // A failed download may succeed on the next attempt.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export function showErrorToast(title: string, description: string): void {
  loadToast().then(
    (toast) => toast.error(title, { description }),
    (err: unknown) => console.error(err),
  );
}

/** Earlier complaints (a mismatch, a failed attempt) no longer apply once someone is signed in. */
export function dismissToasts(): void {
  void loading?.then((toast) => toast.dismiss()).catch(() => undefined);
}
