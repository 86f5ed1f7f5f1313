import { berlinWallClock } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS } from '@/lib/paths';
import { mockAuthUser, participant, renderApp } from '@/testing/render-app';
import { routes } from './routes';

describe('routes', () => {
  it('has a page for every pattern of paths.ts and no other (the gateway answers any other path with status 404 from that list)', () => {
    const pages = routes.flatMap((route) => route.children ?? [route]).map((route) => (route.index ? PAGE_PATTERNS.home : route.path));
    expect(pages.filter((page) => page !== '*').sort()).toEqual(Object.values(PAGE_PATTERNS).sort());
  });

  it('/ shows the hero with the free promise and the call to register', async () => {
    mockAuthUser(null);
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Flohmärkte in deiner Nähe entdecken' })).toBeTruthy();
    expect(screen.getByText('Komplett kostenlos')).toBeTruthy();
    // The sections below the results come after the first paint, in their own chunk.
    const cta = await screen.findByRole('link', { name: 'Kostenlos registrieren' }, { timeout: 10_000 });
    expect(cta.getAttribute('href')).toBe('/api/login');
  });

  it('an unknown path shows the English 404 page with a link home', () => {
    mockAuthUser(null);
    renderApp('/gibt-es-nicht/123');
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist or has been moved.')).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Go back home' });
    expect(home.getAttribute('href')).toBe('/');
    fireEvent.click(home);
    expect(screen.getByRole('heading', { level: 1, name: 'Flohmärkte in deiner Nähe entdecken' })).toBeTruthy();
  });

  it('a signed-in screen (issue 6) is routed: signed out, it asks to sign in again instead of the 404 page', async () => {
    mockAuthUser(null);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sitzung abgelaufen. Logge dich erneut ein...' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeNull();
  });
});

describe('Footer', () => {
  it('shows the 48x48 logo, the tagline, the links and the year', () => {
    mockAuthUser(null);
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    const logo = footer.querySelector('img');
    expect(logo?.getAttribute('width')).toBe('48');
    expect(logo?.getAttribute('height')).toBe('48');
    expect(within(footer).getByText(/Die Plattform für lokale Flohmärkte/)).toBeTruthy();

    const links: Array<[string | RegExp, string]> = [
      ['Flohmärkte finden', '/'],
      ['Registrieren', '/api/login'],
      ['Event erstellen', '/api/login'],
      ['Impressum', '/impressum'],
      ['Datenschutz', '/datenschutz'],
      ['Tipps für Stände', '/legal-notice'],
      [/^Feedback/, 'mailto:feedback@flohmarkt.example'],
    ];
    for (const [name, target] of links) {
      expect(within(footer).getByRole('link', { name }).getAttribute('href')).toBe(target);
    }
    expect(
      within(footer)
        .getByRole('link', { name: /^Feedback/ })
        .getAttribute('target'),
    ).toBe('_blank');
    // The year of Berlin's calendar, as the footer writes it: from 23:00 UTC on New Year's Eve (the CI machines' clock) it is already the new year there.
    expect(within(footer).getByText(new RegExp(`© ${berlinWallClock(new Date()).year}`))).toBeTruthy();
  });

  it('signed in, offers no „Registrieren“ and creates a market right away', async () => {
    mockAuthUser(participant);
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(within(footer).getByRole('link', { name: 'Event erstellen' }).getAttribute('href')).toBe('/create-event'));
    expect(within(footer).queryByRole('link', { name: 'Registrieren' })).toBeNull();
  });
});
