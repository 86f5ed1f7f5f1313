import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, setSessionHint } from '@/testing/render-app';

describe('RequireAuth', () => {
  it('without a connection says so, rather than sending a browser that may be signed in to a sign-in that cannot load', async () => {
    setSessionHint(true);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Verbindung. Bitte prüfe deine Internetverbindung.' })).toBeTruthy();
    expect(screen.queryByText('Sitzung abgelaufen. Logge dich erneut ein...')).toBeNull();
  });
});
