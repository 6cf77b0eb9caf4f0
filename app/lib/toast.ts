/**
 * The toast store (docs/product.md §9.7: one toast at a time, 5 s by default). Framework-free and tiny on
 * purpose: any module may call `toast()` without pulling React or Radix into a page's first load;
 * the Radix `<Toaster />` is loaded only once the first toast is requested (ToastMount).
 */
export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; TOAST_DURATION (5 s) when absent. */
  duration?: number;
};

export type ToastItem = ToastOptions & { id: number; open: boolean };

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen (one at a time). Returns a way to close it early. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { ...options, id, open: true };
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the given toast (or whichever is shown); a newer toast is left alone. */
export function dismissToast(id?: number) {
  if (!current?.open || (id !== undefined && current.id !== id)) return;
  current = { ...current, open: false };
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toast on screen (or just closed, still animating out); null before the first one. */
export function getToastSnapshot(): ToastItem | null {
  return current;
}

/** The server never shows toasts. */
export function getServerToastSnapshot(): ToastItem | null {
  return null;
}
