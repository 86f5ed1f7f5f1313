import { LIMITS, TOASTS } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';

/**
 * Toast state outside React (docs/product.md#in-the-browser): at most LIMITS.toastLimit toasts, a new one replaces
 * the oldest; a dismissed toast is hidden at once and removed after LIMITS.toastRemoveDelayMs.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds until the toast dismisses itself; Infinity keeps it until closed. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export const DEFAULT_TOAST_DURATION_MS = 5000;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    setToasts(toasts.filter((item) => item.id !== id));
  }, LIMITS.toastRemoveDelayMs);
  removeTimers.set(id, timer);
}

function clearRemoval(id: string): void {
  const timer = removeTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  removeTimers.delete(id);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

/** Hides one toast, or all of them without an id. */
export function dismissToast(id?: string): void {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export function toast(input: ToastInput): void {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const next = [{ ...input, id, open: true }, ...toasts];
  for (const dropped of next.slice(LIMITS.toastLimit)) clearRemoval(dropped.id);
  setToasts(next.slice(0, LIMITS.toastLimit));
}

/** The destructive toast of docs/product.md#in-the-browser: title 'Fehler' and the given message. */
export function toastError(description: ReactNode): void {
  toast({ title: TOASTS.errorTitle, description, variant: 'destructive' });
}

/** Test helper: forget every toast and timer. */
export function resetToasts(): void {
  for (const id of removeTimers.keys()) clearRemoval(id);
  setToasts([]);
}
