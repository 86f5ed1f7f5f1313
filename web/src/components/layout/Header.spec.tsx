import type { TAuthUser } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockAuthUser, participant, renderApp, setSessionHint } from '@/testing/render-app';

function href(element: HTMLElement): string | null {
  return element.getAttribute('href');
}

async function openUserMenu() {
  fireEvent.click(await screen.findByRole('button', { name: /^Benutzermenü/ }));
  return screen.getByRole('region', { name: 'Benutzermenü' });
}

describe('Header', () => {
  it('shows the product title linking home on every screen', async () => {
    mockAuthUser(null);
    renderApp('/irgendwo');
    const header = screen.getByRole('banner');
    const home = within(header).getByRole('link', { name: /Flohmarkt/ });
    expect(href(home)).toBe('/');
    expect(within(header).getByText('Flohmärkte in deiner Nähe')).toBeTruthy();
  });

  it('names the brand link by its visible text, so speech input finds it (axe label-content-name-mismatch)', async () => {
    mockAuthUser(null);
    renderApp('/');
    const home = within(screen.getByRole('banner')).getByRole('link', { name: /Startseite/ });
    const visible = [...home.querySelectorAll('.brand__text > span')].map((span) => span.textContent).join(' ');
    expect(visible).toBe('Flohmarkt Flohmärkte in deiner Nähe');
    expect(home.getAttribute('aria-label')).toBeNull();
    expect(home.textContent?.replace(/\s+/g, ' ')).toContain('Flohmärkte in deiner Nähe – zur Startseite');
  });

  it('signed out: shows Anmelden as a plain link to /api/login and no navigation', async () => {
    const fetchMock = mockAuthUser(null);
    renderApp('/');
    const login = await screen.findByRole('link', { name: 'Anmelden' });
    expect(href(login)).toBe('/api/login');
    expect(screen.queryByRole('button', { name: /^Benutzermenü/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
    // Never signed in (no hint cookie from the gateway): nothing asked, so no 401 in the console (issue 22).
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/auth/user');
  });

  it('signed out: Anmelden comes back to the page it is pressed on, query and hash included', async () => {
    mockAuthUser(null);
    renderApp('/team/AB3K9Z?von=mail#beitreten');
    const login = await within(screen.getByRole('banner')).findByRole('link', { name: 'Anmelden' });
    expect(href(login)).toBe(`/api/login?returnTo=${encodeURIComponent('/team/AB3K9Z?von=mail#beitreten')}`);
  });

  it('signed out: on the sign-in pages Anmelden returns home', async () => {
    mockAuthUser(null);
    renderApp('/anmelden-nicht-moeglich?grund=zu-viele-versuche&zurueck=%2Fimpressum');
    expect(href(await within(screen.getByRole('banner')).findByRole('link', { name: 'Anmelden' }))).toBe('/api/login');
  });

  it('signed out: Anmelden follows the route as it changes', async () => {
    mockAuthUser(null);
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(href(await within(banner).findByRole('link', { name: 'Anmelden' }))).toBe('/api/login');
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Impressum' }));
    await waitFor(() => expect(href(within(banner).getByRole('link', { name: 'Anmelden' }))).toBe(`/api/login?returnTo=${encodeURIComponent('/impressum')}`));
  });

  it('with the sign-in hint but an ended session: asks /api/auth/user and shows Anmelden on its 401', async () => {
    const fetchMock = mockAuthUser(null);
    setSessionHint(true);
    renderApp('/');
    expect(href(await screen.findByRole('link', { name: 'Anmelden' }))).toBe('/api/login');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.objectContaining({ credentials: 'include' }));
  });

  it('without a connection offers no Anmelden to a browser that may be signed in, and shows the user once online again', async () => {
    setSessionHint(true);
    const unreachable = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', unreachable);
    renderApp('/');
    await waitFor(() => expect(unreachable).toHaveBeenCalledWith('/api/auth/user', expect.anything()));
    await waitFor(() => expect(screen.getByRole('banner').querySelector('.header-placeholder')).toBeNull());
    expect(screen.queryByRole('link', { name: 'Anmelden' })).toBeNull();

    mockAuthUser(participant);
    window.dispatchEvent(new Event('online'));
    expect((await screen.findByRole('button', { name: /^Benutzermenü/ })).textContent).toBe('MM');
  });

  it('treats a server error of /api/auth/user as signed out', async () => {
    setSessionHint(true);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('kaputt', { status: 500 })));
    renderApp('/');
    expect(href(await screen.findByRole('link', { name: 'Anmelden' }))).toBe('/api/login');
  });

  it('signed in: shows the initials and the desktop navigation without Admin', async () => {
    mockAuthUser(participant);
    renderApp('/');
    const button = await screen.findByRole('button', { name: /^Benutzermenü/ });
    expect(button.textContent).toBe('MM');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Anmelden' })).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(href(within(nav).getByRole('link', { name: 'Startseite' }))).toBe('/');
    expect(href(within(nav).getByRole('link', { name: 'Flohmarkt erstellen' }))).toBe('/create-event');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('user menu: shows name, e-mail, role and the account entries', async () => {
    mockAuthUser(participant);
    renderApp('/');
    const menu = await openUserMenu();
    expect(screen.getByRole('button', { name: /^Benutzermenü/ }).getAttribute('aria-expanded')).toBe('true');

    expect(within(menu).getByText('Max Mustermann')).toBeTruthy();
    expect(within(menu).getByText('max.mustermann@example.de')).toBeTruthy();
    expect(within(menu).getByText('Teilnehmer')).toBeTruthy();
    expect(href(within(menu).getByRole('link', { name: 'Mein Profil' }))).toBe('/profile');
    expect(href(within(menu).getByRole('link', { name: 'Meine Stände' }))).toBe('/my-stands');
    expect(href(within(menu).getByRole('link', { name: 'Meine Flohmärkte' }))).toBe('/my-events');
    expect(href(within(menu).getByRole('link', { name: 'Einstellungen' }))).toBe('/settings');
    expect(href(within(menu).getByRole('link', { name: 'Abmelden' }))).toBe('/api/logout');

    const feedback = within(menu).getByRole('link', { name: /^Feedback/ });
    expect(href(feedback)).toBe('mailto:feedback@flohmarkt.example');
    expect(feedback.getAttribute('target')).toBe('_blank');
    expect(feedback.getAttribute('rel')).toContain('noopener');
  });

  it('user menu: closes on Escape and returns focus to its button', async () => {
    mockAuthUser(participant);
    renderApp('/');
    await openUserMenu();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Benutzermenü' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Benutzermenü/ }));
  });

  it('user menu: closes on a click outside, stays open on a click inside', async () => {
    mockAuthUser(participant);
    renderApp('/');
    const menu = await openUserMenu();
    fireEvent.mouseDown(within(menu).getByText('Max Mustermann'));
    expect(screen.getByRole('region', { name: 'Benutzermenü' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('main'));
    expect(screen.queryByRole('region', { name: 'Benutzermenü' })).toBeNull();
  });

  it('shows Admin in the navigation and the role label for admins', async () => {
    mockAuthUser({ ...participant, role: 'admin' });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(href(within(nav).getByRole('link', { name: 'Admin' }))).toBe('/admin');
    const menu = await openUserMenu();
    expect(within(menu).getByText('Admin')).toBeTruthy();
  });

  it('shows Organisator for organisers', async () => {
    mockAuthUser({ ...participant, role: 'organizer' });
    renderApp('/');
    expect(within(await openUserMenu()).getByText('Organisator')).toBeTruthy();
  });

  it('falls back to initials of the e-mail when the names are missing', async () => {
    const user: TAuthUser = { ...participant, firstName: null, lastName: null, email: 'erika.muster@example.de' };
    mockAuthUser(user);
    renderApp('/');
    expect((await screen.findByRole('button', { name: /^Benutzermenü/ })).textContent).toBe('EM');
  });

  it('shows the profile image instead of the initials when there is one', async () => {
    mockAuthUser({ ...participant, profileImageUrl: 'https://example.de/max.png' });
    const { container } = renderApp('/');
    const button = await screen.findByRole('button', { name: /^Benutzermenü/ });
    expect(button.textContent).toBe('');
    expect(container.querySelector('.user-menu__button img')?.getAttribute('src')).toBe('https://example.de/max.png');
  });

  it('mobile menu: the toggle opens the same entries and closes on Escape', async () => {
    mockAuthUser({ ...participant, role: 'admin' });
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menü öffnen' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Menü schließen');

    const panel = screen.getByRole('region', { name: 'Menü' });
    const expected: Array<[string | RegExp, string]> = [
      ['Startseite', '/'],
      ['Flohmarkt erstellen', '/create-event'],
      ['Admin', '/admin'],
      ['Mein Profil', '/profile'],
      ['Meine Stände', '/my-stands'],
      ['Meine Flohmärkte', '/my-events'],
      ['Einstellungen', '/settings'],
      [/^Feedback/, 'mailto:feedback@flohmarkt.example'],
      ['Abmelden', '/api/logout'],
    ];
    for (const [name, target] of expected) {
      expect(href(within(panel).getByRole('link', { name }))).toBe(target);
    }
    expect(within(panel).getByText('max.mustermann@example.de')).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Menü' })).toBeNull();
  });
});
