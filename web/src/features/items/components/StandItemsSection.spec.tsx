import { ITEM_MESSAGES, ITEM_TITLE_MAX_LENGTH, type TAuthUser, type TItem } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, renderApp } from '@/testing/render-app';

const owner: TAuthUser = {
  id: '00000009-0000-4000-8000-0000000000b1',
  email: 'erika@example.de',
  firstName: 'Erika',
  lastName: 'Muster',
  profileImageUrl: null,
  role: 'participant',
};
const event = makeEvent();
const stand = makeStand({ eventId: event.id, exhibitorId: owner.id, categories: ['Spielzeug'] });
const itemsPath = `/api/stands/${stand.id}/items`;

function makeItem(overrides: Partial<TItem> = {}): TItem {
  return {
    id: '00000035-0000-4000-8000-000000000001',
    standId: stand.id,
    title: 'Kinderfahrrad 20 Zoll',
    price: { kind: 'fixed', cents: 1250 },
    category: 'Spielzeug',
    photo: null,
    status: 'available',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const bike = makeItem();
const lamp = makeItem({
  id: '00000035-0000-4000-8000-000000000002',
  title: 'Stehlampe',
  price: { kind: 'negotiable', cents: 2000 },
  category: 'Deko',
  status: 'sold',
});
const books = makeItem({
  id: '00000035-0000-4000-8000-000000000003',
  title: 'Kiste Taschenbücher',
  price: { kind: 'free' },
  category: 'Bücher',
  status: 'held',
});
const chair = makeItem({ id: '00000035-0000-4000-8000-000000000004', title: 'Stuhl', price: { kind: 'negotiable' }, category: 'Möbel' });

const standAnswers = { [`/api/events/${event.id}`]: event, [`/api/stands/${stand.id}/reviews`]: [], [`/api/stands/${stand.id}`]: stand };

/** The items endpoint as a small server: GET lists, POST adds; every request is kept. */
function itemsServer(initial: TItem[], answerPost?: () => Response) {
  let items = [...initial];
  return (_url: URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      if (answerPost) return answerPost();
      const body = JSON.parse(String(init.body)) as Pick<TItem, 'title' | 'price' | 'category'>;
      const created = makeItem({ id: '00000035-0000-4000-8000-0000000000ff', ...body });
      items = [created, ...items];
      return json(created, 201);
    }
    return json(items);
  };
}

function requestsTo(fetchMock: ReturnType<typeof mockAuthUser>, path: string, method: string) {
  return fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && init?.method === method);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Angebote on the stand page (issue 35)', () => {
  it('shows a visitor the items with German prices, sold ones struck and held ones reserved, and no editor', async () => {
    mockAuthUser(null, { ...standAnswers, [itemsPath]: [bike, lamp, books, chair] });
    renderApp(`/stands/${stand.id}`);
    const section = await screen.findByRole('region', { name: 'Angebote' }, { timeout: 10_000 });
    const rows = within(section).getAllByRole('listitem');
    // An available item offers the sign-in that comes back here to hold it; a sold or held one does not.
    expect(rows.map((row) => row.textContent)).toEqual([
      'Kinderfahrrad 20 Zoll12,50\u00a0€SpielzeugZum Reservieren anmelden',
      'StehlampeVB 20\u00a0€Dekoverkauft',
      'Kiste Taschenbücherzu verschenkenBücherreserviert',
      'StuhlVBMöbelZum Reservieren anmelden',
    ]);
    expect(rows[1].className).toContain('stand-item--sold');
    expect(rows[0].className).not.toContain('stand-item--sold');
    expect(within(section).queryByRole('form')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByText(/von 20/)).toBeNull();
  });

  it('shows a visitor nothing of a stand without items', async () => {
    const fetchMock = mockAuthUser(null, { ...standAnswers, [itemsPath]: [] });
    renderApp(`/stands/${stand.id}`);
    expect(await screen.findByRole('heading', { name: 'Beschreibung' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, itemsPath, 'GET')).toHaveLength(1));
    // The (empty) answer has arrived and been rendered: still no section.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Angebote' })).toBeNull();
  });

  it('invites the owner to add items and adds one with the price in cents from „12,50“', async () => {
    const fetchMock = mockAuthUser(owner, { ...standAnswers, [itemsPath]: itemsServer([]) });
    renderApp(`/stands/${stand.id}`);
    const section = await screen.findByRole('region', { name: 'Angebote' }, { timeout: 10_000 });
    expect(await within(section).findByText(/Trag bis zu 20 Angebote mit Preis ein/)).toBeTruthy();
    expect(within(section).getByText('0 von 20')).toBeTruthy();

    const form = within(section).getByRole('form', { name: 'Angebot hinzufügen' });
    fireEvent.change(within(form).getByLabelText(/^Titel/), { target: { value: 'Holzeisenbahn' } });
    fireEvent.change(within(form).getByLabelText(/^Betrag in Euro/), { target: { value: '12,50' } });
    // The stand's own category is chosen already; another one is picked here.
    fireEvent.change(within(form).getByLabelText(/^Kategorie/), { target: { value: 'Kinderspielzeug' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Angebot eintragen' }));

    await waitFor(() => expect(within(section).getByText('Holzeisenbahn')).toBeTruthy());
    expect(within(section).getByText('1 von 20')).toBeTruthy();
    const [[, init]] = requestsTo(fetchMock, itemsPath, 'POST');
    expect(JSON.parse(String(init?.body))).toEqual({ title: 'Holzeisenbahn', price: { kind: 'fixed', cents: 1250 }, category: 'Kinderspielzeug' });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    // The form is empty again for the next item, and says where the added one went: its row is above, often off a phone's screen.
    expect((within(section).getByLabelText(/^Titel/) as HTMLInputElement).value).toBe('');
    const note = within(section).getByText(/ist eingetragen und steht oben in der Liste/);
    expect(note.textContent).toBe('„Holzeisenbahn“ ist eingetragen und steht oben in der Liste. Hier kannst du das nächste eintragen.');
    expect(note.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(note));
  });

  it('counts the title against its limit, so a seller sees it before the field cuts it', async () => {
    mockAuthUser(owner, { ...standAnswers, [itemsPath]: [] });
    renderApp(`/stands/${stand.id}`);
    const form = await screen.findByRole('form', { name: 'Angebot hinzufügen' }, { timeout: 10_000 });
    const title = within(form).getByRole('textbox', { name: /^Titel/ }) as HTMLInputElement;
    const hint = () => document.getElementById(`${title.id}-hint`)?.textContent;
    expect(title.maxLength).toBe(ITEM_TITLE_MAX_LENGTH);
    expect(hint()).toBe(`Was es ist, z. B. „Kinderfahrrad 20 Zoll“. 0 von ${ITEM_TITLE_MAX_LENGTH} Zeichen`);
    fireEvent.change(title, { target: { value: 'Kinderfahrrad' } });
    expect(hint()).toBe(`Was es ist, z. B. „Kinderfahrrad 20 Zoll“. 13 von ${ITEM_TITLE_MAX_LENGTH} Zeichen`);
    expect(title.getAttribute('aria-describedby')).toContain(`${title.id}-hint`);
  });

  it('says at the field what is wrong before sending: an amount that is no price', async () => {
    const fetchMock = mockAuthUser(owner, { ...standAnswers, [itemsPath]: itemsServer([]) });
    renderApp(`/stands/${stand.id}`);
    const form = await screen.findByRole('form', { name: 'Angebot hinzufügen' }, { timeout: 10_000 });
    fireEvent.change(within(form).getByLabelText(/^Titel/), { target: { value: 'Holzeisenbahn' } });
    fireEvent.change(within(form).getByLabelText(/^Betrag in Euro/), { target: { value: 'zwölf' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Angebot eintragen' }));
    const amount = within(form).getByLabelText(/^Betrag in Euro/);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Bitte gib den Preis in Euro ein, z. B. 12,50.')).toBeTruthy();
    expect(requestsTo(fetchMock, itemsPath, 'POST')).toHaveLength(0);
  });

  it('shows the server’s 400 under its field, and a refusal about the whole item under the form', async () => {
    let answer = json({ message: ITEM_MESSAGES.titleTooLong }, 400);
    mockAuthUser(owner, { ...standAnswers, [itemsPath]: itemsServer([], () => answer) });
    renderApp(`/stands/${stand.id}`);
    const form = await screen.findByRole('form', { name: 'Angebot hinzufügen' }, { timeout: 10_000 });
    fireEvent.change(within(form).getByLabelText(/^Titel/), { target: { value: 'Holzeisenbahn' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Zu verschenken' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Angebot eintragen' }));
    const title = within(form).getByLabelText(/^Titel/);
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(String(title.getAttribute('aria-describedby')).split(' ')[0])?.textContent).toBe(ITEM_MESSAGES.titleTooLong);

    answer = json({ message: ITEM_MESSAGES.editForbidden }, 403);
    fireEvent.click(within(form).getByRole('button', { name: 'Angebot eintragen' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(ITEM_MESSAGES.editForbidden);
  });

  it('lets the owner mark an item sold and remove one after confirming', async () => {
    let items = [bike, chair];
    const fetchMock = mockAuthUser(owner, {
      ...standAnswers,
      [itemsPath]: () => json(items),
      [`/api/items/${bike.id}`]: (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { sold: boolean };
        items = items.map((item) => (item.id === bike.id ? { ...item, status: body.sold ? 'sold' : 'available' } : item));
        return json(items[0]);
      },
      [`/api/items/${chair.id}`]: () => {
        items = items.filter((item) => item.id !== chair.id);
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/stands/${stand.id}`);
    const section = await screen.findByRole('region', { name: 'Angebote' }, { timeout: 10_000 });
    fireEvent.click(await within(section).findByRole('button', { name: 'Kinderfahrrad 20 Zoll: als verkauft markieren' }));
    await waitFor(() => expect(within(section).getByText('verkauft')).toBeTruthy());
    const [[, put]] = requestsTo(fetchMock, `/api/items/${bike.id}`, 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ title: 'Kinderfahrrad 20 Zoll', price: { kind: 'fixed', cents: 1250 }, category: 'Spielzeug', sold: true });
    expect(within(section).getByRole('button', { name: 'Kinderfahrrad 20 Zoll: wieder verfügbar' })).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Stuhl entfernen' }));
    const dialog = screen.getByRole('dialog', { name: 'Angebot entfernen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(requestsTo(fetchMock, `/api/items/${chair.id}`, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(section).getByRole('button', { name: 'Stuhl entfernen' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Angebot entfernen?' })).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(within(section).queryByText('Stuhl')).toBeNull());
    expect(requestsTo(fetchMock, `/api/items/${chair.id}`, 'DELETE')).toHaveLength(1);
    expect(within(section).getByText('1 von 20')).toBeTruthy();
  });

  it('edits an item in place, showing its price again as typed', async () => {
    const fetchMock = mockAuthUser(owner, {
      ...standAnswers,
      [itemsPath]: [lamp],
      [`/api/items/${lamp.id}`]: (_url: URL, init?: RequestInit) => json({ ...lamp, ...(JSON.parse(String(init?.body)) as object) }),
    });
    renderApp(`/stands/${stand.id}`);
    const edit = await screen.findByRole('button', { name: 'Stehlampe bearbeiten' }, { timeout: 10_000 });
    // „Abbrechen“ gives the focus back to the row's „Bearbeiten“, which gave it to the form's first field.
    fireEvent.click(edit);
    const opened = screen.getByRole('form', { name: 'Stehlampe bearbeiten' });
    expect(document.activeElement).toBe(within(opened).getByRole('textbox', { name: /^Titel/ }));
    fireEvent.click(within(opened).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stehlampe bearbeiten' })));
    fireEvent.click(screen.getByRole('button', { name: 'Stehlampe bearbeiten' }));
    const form = screen.getByRole('form', { name: 'Stehlampe bearbeiten' });
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /^Titel/ }));
    expect((within(form).getByRole('radio', { name: 'VB' }) as HTMLInputElement).checked).toBe(true);
    const amount = within(form).getByLabelText(/^Preisvorstellung in Euro/) as HTMLInputElement;
    expect(amount.value).toBe('20');
    fireEvent.change(amount, { target: { value: '17.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Stehlampe bearbeiten' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stehlampe bearbeiten' })));
    const [[, put]] = requestsTo(fetchMock, `/api/items/${lamp.id}`, 'PUT');
    // Only what the form holds: the sold mark stays as it was.
    expect(JSON.parse(String(put?.body))).toEqual({ title: 'Stehlampe', price: { kind: 'negotiable', cents: 1750 }, category: 'Deko' });
  });

  it('offers no add form once 20 items are listed', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) =>
      makeItem({ id: `00000035-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, title: `Teil ${i + 1}` }),
    );
    mockAuthUser(owner, { ...standAnswers, [itemsPath]: twenty });
    renderApp(`/stands/${stand.id}`);
    expect(await screen.findByText('20 von 20', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Angebot hinzufügen' })).toBeNull();
    expect(screen.getByText(/Entferne eines, um ein neues einzutragen/)).toBeTruthy();
  });
});
