import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveDraftsBeforeSignIn } from './kept-drafts';
import { useFormState } from './use-form-state';

const EMPTY = { name: '', description: '' };
const KEY = 'create-event';

/** The form as a page renders it, opened anew (after a reload, a dropped tab, or a visit later on). */
const openForm = () => renderHook(() => useFormState(EMPTY, { keptAs: KEY }));

function pageHidden(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
}

afterEach(() => {
  sessionStorage.clear();
  // Back from the sign-in: what leaves the app from now on is forgotten again.
  window.dispatchEvent(new Event('pageshow'));
});

describe('kept drafts', () => {
  it('brings back what was typed when the phone put the browser away and the tab is loaded anew, once', () => {
    const first = openForm();
    act(() => first.result.current.set('name', 'Hofflohmarkt Sülzer Höfe'));
    pageHidden();
    // The browser drops the tab without unmounting anything: the next load starts from the entries.
    const again = openForm();
    expect(again.result.current.values).toEqual({ name: 'Hofflohmarkt Sülzer Höfe', description: '' });
    expect(again.result.current.restored).toBe(true);
    // The entries are on the screen now; a later visit, after leaving the form in the app, starts empty.
    again.unmount();
    expect(openForm().result.current.restored).toBe(false);
  });

  it('keeps the entries through a reload (pagehide) as well', () => {
    const first = openForm();
    act(() => first.result.current.set('description', 'Viele Höfe, ein Rundgang.'));
    window.dispatchEvent(new Event('pagehide'));
    expect(openForm().result.current.values.description).toBe('Viele Höfe, ein Rundgang.');
  });

  it('forgets them when the user leaves the form inside the app, even after the phone had put it away', () => {
    const first = openForm();
    act(() => first.result.current.set('name', 'Garagenflohmarkt'));
    pageHidden();
    first.unmount();
    const later = openForm();
    expect(later.result.current.values).toEqual(EMPTY);
    expect(later.result.current.restored).toBe(false);
  });

  it('forgets them when the page is put away while a link in the app is on its way to the next page', () => {
    window.history.pushState(null, '', '/create-event');
    const first = openForm();
    act(() => first.result.current.set('name', 'Garagenflohmarkt'));
    // „Abbrechen“ was followed: the address is the next page's while the form is still on the screen.
    window.history.pushState(null, '', '/');
    // The user typed a new address instead: the browser leaves before the form ever unmounts.
    window.dispatchEvent(new Event('pagehide'));
    window.history.pushState(null, '', '/create-event');
    expect(openForm().result.current.restored).toBe(false);
  });

  it('keeps them for the way back from the sign-in, even when the form goes before the browser leaves', () => {
    const first = openForm();
    act(() => first.result.current.set('name', 'Nachtflohmarkt'));
    saveDraftsBeforeSignIn();
    first.unmount();
    expect(openForm().result.current.values.name).toBe('Nachtflohmarkt');
  });

  it('keeps nothing for a form nobody typed into: it would announce entries that were never made', () => {
    openForm();
    pageHidden();
    window.dispatchEvent(new Event('pagehide'));
    expect(openForm().result.current.restored).toBe(false);
  });
});
