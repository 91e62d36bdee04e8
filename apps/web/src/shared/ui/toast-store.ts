/** A tiny store of the toasts on screen, usable from anywhere (query callbacks included). */

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

export const TOAST_DURATION_MS = 6000;
const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => toasts;

/** Shows a message; the same message already on screen is not repeated. Returns its id. */
export function showToast(message: string, tone: ToastTone = 'info'): number {
  const existing = toasts.find((t) => t.message === message && t.tone === tone);
  if (existing) return existing.id;
  const toast: Toast = { id: nextId++, message, tone };
  set([...toasts, toast].slice(-MAX_TOASTS));
  return toast.id;
}

export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
}

export function clearToasts(): void {
  if (toasts.length) set([]);
}
