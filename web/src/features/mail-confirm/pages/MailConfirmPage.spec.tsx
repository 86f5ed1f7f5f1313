import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockAuthUser, renderApp } from '@/testing/render-app';

const token = 'AbCdEfGhIjKlMnOpQrStUv';
const path = `/api/mail/confirm/${token}`;

describe('/e-mail-bestaetigen/:token', () => {
  it('confirms only on the click, with one call, and says so', async () => {
    let calls = 0;
    mockAuthUser(null, {
      [path]: () => {
        calls++;
        return json({ confirmed: true });
      },
    });
    renderApp(`/e-mail-bestaetigen/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Mail-Adresse bestätigen' }, { timeout: 10_000 })).toBeTruthy();
    expect(calls).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('deine E-Mail-Adresse ist bestätigt'));
    expect(calls).toBe(1);
    expect(screen.queryByRole('button', { name: 'E-Mail-Adresse bestätigen' })).toBeNull();
    // The focus is on what happened, and the page leads on.
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(screen.getByRole('link', { name: 'Flohmärkte entdecken' }).getAttribute('href')).toBe('/');
  });

  it('an unknown link is a German not-found page', async () => {
    mockAuthUser(null, { [path]: () => json({ message: 'Dieser Bestätigungslink ist ungültig.' }, 404) });
    renderApp(`/e-mail-bestaetigen/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'E-Mail-Adresse bestätigen' }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestätigungslink ungültig' })).toBeTruthy();
  });
});
