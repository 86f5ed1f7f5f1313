import { useSyncExternalStore } from 'react';

/**
 * The modal dialogs open right now, the last opened on top. A modal <dialog> lies in the browser's top
 * layer and makes the rest of the page inert, so whatever must stay visible and clickable while one is
 * open (a toast) is rendered into the topmost one (Toaster.tsx).
 */
const openDialogs: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function modalOpened(dialog: HTMLDialogElement): void {
  if (openDialogs.includes(dialog)) return;
  openDialogs.push(dialog);
  changed();
}

export function modalClosed(dialog: HTMLDialogElement): void {
  const index = openDialogs.indexOf(dialog);
  if (index === -1) return;
  openDialogs.splice(index, 1);
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const topmost = (): HTMLDialogElement | null => openDialogs.at(-1) ?? null;

/** The topmost open modal dialog, or null when none is open. */
export function useTopmostModal(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, topmost, () => null);
}
