// Toast queue usable outside React (from hooks, mutation callbacks): one toast at a time,
// a dismissed toast closes at once and is dropped from memory after TOAST_REMOVE_DELAY_MS.
import { create } from 'zustand';

import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/config/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  add: (toast: ToastItem) => void;
  close: (id: string) => void;
  remove: (id: string) => void;
}

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  add: (toast) => set((state) => ({ toasts: [toast, ...state.toasts].slice(0, TOAST_LIMIT) })),
  close: (id) =>
    set((state) => ({
      toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)),
    })),
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

let counter = 0;
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

export function dismissToast(id: string): void {
  useToastStore.getState().close(id);
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      useToastStore.getState().remove(id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast (replacing the current one) and returns its id. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  useToastStore.getState().add({ ...input, id, open: true });
  return id;
}

/**
 * Shows `input` once the toast `id` is no longer open (timed out, dismissed or replaced), so that
 * two toasts one action earned both show, one at a time (spec §9), the second not hiding the first.
 */
export function toastAfter(id: string, input: ToastInput): void {
  const closed = (toasts: ToastItem[]) => !toasts.some((item) => item.id === id && item.open);
  if (closed(useToastStore.getState().toasts)) {
    toast(input);
    return;
  }
  const unsubscribe = useToastStore.subscribe((state) => {
    if (!closed(state.toasts)) return;
    unsubscribe();
    toast(input);
  });
}
