import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockAuthUser, renderApp } from '@/testing/render-app';

const token = 'AbCdEfGhIjKlMnOpQrStUv';
const path = `/api/mail/unsubscribe/${token}`;

describe('/abmelden/:token', () => {
  it('says what is switched off, switches it off with one POST and says so, and takes it back with one DELETE', async () => {
    let unsubscribed = false;
    const fetchMock = mockAuthUser(null, {
      [path]: (_url: URL, init?: RequestInit) => {
        if (init?.method === 'POST') unsubscribed = true;
        if (init?.method === 'DELETE') unsubscribed = false;
        return json({ scope: 'event-digest', eventName: 'Hofflohmarkt Kreuzberg', unsubscribed });
      },
    });
    renderApp(`/abmelden/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Mails abbestellen' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/die Sammel-E-Mails über neue Stand-Anmeldungen für „Hofflohmarkt Kreuzberg“ nicht mehr/)).toBeTruthy();
    expect(unsubscribed).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'E-Mails abbestellen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Erledigt: Du bekommst die Sammel-E-Mails'));
    expect(unsubscribed).toBe(true);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'E-Mails abbestellen' })).toBeNull();

    // Taken back with one more click: the mails come again, and the page offers the opt-out once more.
    fireEvent.click(screen.getByRole('button', { name: 'Doch wieder erhalten' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Du bekommst die Sammel-E-Mails über neue Stand-Anmeldungen für „Hofflohmarkt Kreuzberg“ wieder.'),
    );
    expect(unsubscribed).toBe(false);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'E-Mails abbestellen' })).toBeTruthy();
  });

  it('names the stand notices and says when they are already off', async () => {
    mockAuthUser(null, { [path]: { scope: 'stand-updates', eventName: null, unsubscribed: true } });
    renderApp(`/abmelden/${token}`);
    expect(
      await screen.findByText(
        /Erledigt: Du bekommst die E-Mails zu deinen Ständen \(Freigabe, Ablehnung, Absage oder Verlegung eines Flohmarkts\) nicht mehr/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'E-Mails abbestellen' })).toBeNull();
  });

  it('names the reminders of the evening before', async () => {
    mockAuthUser(null, { [path]: { scope: 'reminders', eventName: null, unsubscribed: false } });
    renderApp(`/abmelden/${token}`);
    expect(await screen.findByText(/die Erinnerungen am Vorabend eines Flohmarkts .* nicht mehr/, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('names the follow of an organiser, with and without the name', async () => {
    mockAuthUser(null, { [path]: { scope: 'follow', eventName: 'Kiezverein Moabit', unsubscribed: false } });
    const { unmount } = renderApp(`/abmelden/${token}`);
    expect(
      await screen.findByText(/Mit einem Klick bekommst du die E-Mails über neue Flohmärkte von „Kiezverein Moabit“ nicht mehr/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    unmount();

    mockAuthUser(null, { [path]: { scope: 'follow', eventName: null, unsubscribed: true } });
    renderApp(`/abmelden/${token}`);
    expect(
      await screen.findByText(/Erledigt: Du bekommst die E-Mails über neue Flohmärkte dieses Veranstalters nicht mehr/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('names the Flohmarkt-Alarm by its place, or as this alarm without one', async () => {
    mockAuthUser(null, { [path]: { scope: 'alert', eventName: 'Leipzig, Sachsen', unsubscribed: false } });
    const { unmount } = renderApp(`/abmelden/${token}`);
    expect(
      await screen.findByText(/Mit einem Klick bekommst du die E-Mails deines Flohmarkt-Alarms für „Leipzig, Sachsen“ nicht mehr/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    unmount();

    mockAuthUser(null, { [path]: { scope: 'alert', eventName: null, unsubscribed: true } });
    renderApp(`/abmelden/${token}`);
    expect(await screen.findByText(/Erledigt: Du bekommst diesen Flohmarkt-Alarm nicht mehr/, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('names an alert as Einstellungen lists it: a wish alert by its words, radius and place, a plain one by place and radius', async () => {
    const wish = { scope: 'alert', eventName: 'Köln-Ehrenfeld', unsubscribed: false, alert: { query: 'Kinderfahrrad', radiusKm: 10 } };
    mockAuthUser(null, { [path]: wish });
    const { unmount } = renderApp(`/abmelden/${token}`);
    expect(
      await screen.findByText(
        /Mit einem Klick bekommst du die E-Mails deines Suchauftrags „Kinderfahrrad“ \(10 km um Köln-Ehrenfeld\) nicht mehr/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    unmount();

    mockAuthUser(null, { [path]: { ...wish, eventName: null } });
    const second = renderApp(`/abmelden/${token}`);
    expect(await screen.findByText(/die E-Mails deines Suchauftrags „Kinderfahrrad“ \(10 km um deinen Ort\) nicht mehr/, {}, { timeout: 10_000 })).toBeTruthy();
    second.unmount();

    mockAuthUser(null, { [path]: { ...wish, unsubscribed: true, alert: { query: null, radiusKm: 5 } } });
    renderApp(`/abmelden/${token}`);
    expect(
      await screen.findByText(
        /Erledigt: Du bekommst die E-Mails deines Flohmarkt-Alarms für „Köln-Ehrenfeld“ \(Umkreis 5 km\) nicht mehr/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });

  it('hands the focus of the pressed button, which leaves, to the sentence saying what it did', async () => {
    let unsubscribed = false;
    mockAuthUser(null, {
      [path]: (_url: URL, init?: RequestInit) => {
        if (init?.method === 'POST') unsubscribed = true;
        if (init?.method === 'DELETE') unsubscribed = false;
        return json({ scope: 'reminders', eventName: null, unsubscribed });
      },
    });
    renderApp(`/abmelden/${token}`);
    const off = await screen.findByRole('button', { name: 'E-Mails abbestellen' }, { timeout: 10_000 });
    off.focus();
    fireEvent.click(off);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Erledigt: Du bekommst die Erinnerungen/));
    expect(document.activeElement?.getAttribute('role')).toBe('status');

    const on = screen.getByRole('button', { name: 'Doch wieder erhalten' });
    on.focus();
    fireEvent.click(on);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Du bekommst die Erinnerungen .* wieder\.$/));
  });

  it("names an organiser's invitations to their next markets, with and without the name", async () => {
    mockAuthUser(null, { [path]: { scope: 'invitations', eventName: 'Kiezverein Moabit', unsubscribed: false } });
    const { unmount } = renderApp(`/abmelden/${token}`);
    expect(
      await screen.findByText(
        /Mit einem Klick bekommst du die Einladungen von „Kiezverein Moabit“ zu weiteren Flohmärkten nicht mehr/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    unmount();

    mockAuthUser(null, { [path]: { scope: 'invitations', eventName: null, unsubscribed: true } });
    renderApp(`/abmelden/${token}`);
    expect(
      await screen.findByText(/Erledigt: Du bekommst die Einladungen dieses Veranstalters zu weiteren Flohmärkten nicht mehr/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('an unknown link is a German not-found page', async () => {
    mockAuthUser(null);
    renderApp(`/abmelden/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Abmeldelink ungültig' }, { timeout: 10_000 })).toBeTruthy();
  });
});
