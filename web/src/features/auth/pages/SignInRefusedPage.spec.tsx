import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAuthUser, renderApp } from '@/testing/render-app';

describe('/anmelden-nicht-moeglich', () => {
  it('a throttled sign-in reads as a German page with the wait, a way back and a new try', async () => {
    mockAuthUser(null);
    renderApp('/anmelden-nicht-moeglich?grund=zu-viele-versuche&minuten=4&zurueck=%2Fevents%2Fabc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung gerade nicht möglich' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Von deiner Verbindung kamen zu viele Anmeldeversuche. Bitte versuche es in 4 Minuten noch einmal.');
    expect(screen.getByRole('link', { name: 'Zurück zur vorherigen Seite' }).getAttribute('href')).toBe('/events/abc');
    expect(screen.getByRole('link', { name: 'Erneut anmelden' }).getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent('/events/abc')}`);
  });

  it('an unreachable sign-in says so; a way back to another site becomes the start page', async () => {
    mockAuthUser(null);
    renderApp('/anmelden-nicht-moeglich?grund=nicht-erreichbar&zurueck=%2F%2Fevil.example');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain('Die Anmeldung ist gerade nicht erreichbar.');
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/');
  });

  it('a way back with a tab or a line break after the slash (a browser drops them: //evil.example) becomes the start page too', async () => {
    for (const back of ['%2F%09%2Fevil.example%2F', '%2F%0A%2Fevil.example', '%2F%0D%5Cevil.example']) {
      mockAuthUser(null);
      const { unmount } = renderApp(`/anmelden-nicht-moeglich?grund=fehlgeschlagen&zurueck=${back}`);
      expect((await screen.findByRole('link', { name: 'Zurück zur Startseite' }, { timeout: 10_000 })).getAttribute('href')).toBe('/');
      expect(screen.queryByRole('link', { name: 'Zurück zur vorherigen Seite' })).toBeNull();
      unmount();
    }
  });

  it('an unknown reason shows no text from the address, only our own sentence', async () => {
    mockAuthUser(null);
    renderApp('/anmelden-nicht-moeglich?grund=Ihr%20Konto%20wurde%20gesperrt&minuten=x');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('Die Anmeldung hat nicht geklappt. Bitte versuche es noch einmal.');
  });
});
