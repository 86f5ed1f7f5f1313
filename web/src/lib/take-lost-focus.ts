/** How long an open dialog is waited for (its action has settled; it closes in the next moments). */
const DIALOG_WAIT_MS = 2000;
const DIALOG_POLL_MS = 50;

/** The focus is lost where the page holds it, or the element holding it left the page or was disabled. */
function isLost(active: Element | null): boolean {
  return !active || active === document.body || !active.isConnected || (active instanceof HTMLButtonElement && active.disabled);
}

/**
 * Gives the element the focus where it was lost: after a confirmed action the dialog hands the focus back
 * to the button that opened it, and where that button left with the change (a withdrawn stand's
 * „Zurückziehen“, a deleted photo's „Löschen“) or was disabled by it, the browser drops the focus to the
 * page and a screen reader starts over at the top. While a dialog is still open its close is waited for;
 * someone who went on meanwhile keeps their focus.
 */
export function takeLostFocus(target: () => HTMLElement | null, waitedMs = 0): void {
  const active = document.activeElement;
  // Behind an open modal dialog nothing takes the focus (the page is inert until it closes).
  if (document.querySelector('dialog[open]') && waitedMs < DIALOG_WAIT_MS) {
    setTimeout(() => takeLostFocus(target, waitedMs + DIALOG_POLL_MS), DIALOG_POLL_MS);
    return;
  }
  if (isLost(active)) target()?.focus();
}
