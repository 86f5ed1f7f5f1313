/**
 * A busy button's attributes: told as unavailable and dimmed (ui.css), but still focusable. A disabled
 * button drops the keyboard focus to the page; this one keeps it. Its handler must ignore presses while busy.
 */
export function busyButton(busy: boolean): { 'aria-disabled'?: true } {
  return busy ? { 'aria-disabled': true } : {};
}
