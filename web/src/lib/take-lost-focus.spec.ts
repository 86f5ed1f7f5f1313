import { afterEach, describe, expect, it } from 'vitest';
import { takeLostFocus } from './take-lost-focus';

afterEach(() => {
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `<h2 id="title" tabindex="-1">Fotos</h2><input id="other" /><dialog id="confirm" open><button id="ok">Löschen</button></dialog>`;
  return {
    title: document.getElementById('title')!,
    other: document.getElementById('other') as HTMLInputElement,
    dialog: document.getElementById('confirm') as HTMLDialogElement,
  };
}

describe('takeLostFocus', () => {
  it('waits while a dialog is open (the page behind it is inert), then takes the focus that fell to the page', async () => {
    const { title, dialog } = page();
    (document.activeElement as HTMLElement | null)?.blur();
    takeLostFocus(() => title);
    await new Promise((r) => setTimeout(r, 120));
    expect(document.activeElement).toBe(document.body);

    dialog.removeAttribute('open');
    await new Promise((r) => setTimeout(r, 120));
    expect(document.activeElement).toBe(title);
  });

  it('leaves the focus where someone went on meanwhile', () => {
    const { title, other, dialog } = page();
    dialog.removeAttribute('open');
    other.focus();
    takeLostFocus(() => title);
    expect(document.activeElement).toBe(other);
  });

  it('takes it from a button that was disabled under it', () => {
    const { title, dialog } = page();
    dialog.removeAttribute('open');
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    button.disabled = true;
    takeLostFocus(() => title);
    expect(document.activeElement).toBe(title);
  });
});
