/*
 * The event page's "Ohne Konto anmelden" (issue 30, G1) sits in the hero; the guest form is a card
 * further down. The button asks, the card listens: it opens, scrolls into view and focuses its first
 * field. A plain set of listeners: the two are siblings on one page and share no state otherwise.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Ask the guest form on this page to open and take the focus. */
export function requestGuestForm(): void {
  for (const listener of listeners) listener();
}

/** Listen for {@link requestGuestForm}; the returned function stops listening. */
export function onGuestFormRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
