import { HOLD_MESSAGES, MANAGE_TOKEN_HEADER, type TAuthUser, type THold, type TItem } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

/*
 * Free holds on the stand page (issue 35): the visitor's „Reservieren“ in its states, and the
 * seller's „Reservierungen“ with one tap to accept or decline.
 */

const owner: TAuthUser = { ...participant, id: '00000009-0000-4000-8000-0000000000b1', firstName: 'Erika', lastName: 'Muster' };
// 08:00 UTC on 1 June is 10:00 in Berlin; the seller keeps items 30 minutes after that.
const event = makeEvent({ startDateTime: '2030-06-01T08:00:00.000Z' });
const stand = makeStand({ eventId: event.id, exhibitorId: owner.id, categories: ['Spielzeug'], holdMinutes: 30 });
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
const books = makeItem({ id: '00000035-0000-4000-8000-000000000003', title: 'Kiste Taschenbücher', price: { kind: 'free' }, status: 'held' });

function makeHold(overrides: Partial<THold> = {}): THold {
  return {
    id: '00000036-0000-4000-8000-000000000001',
    itemId: bike.id,
    standId: stand.id,
    eventId: event.id,
    status: 'requested',
    pickupCode: null,
    holderName: 'Max M.',
    endsAt: '2030-06-01T08:30:00.000Z',
    createdAt: '2030-05-20T10:00:00.000Z',
    decidedAt: null,
    item: { title: bike.title, price: bike.price },
    stand: { label: stand.label },
    event: { name: event.name, startDateTime: event.startDateTime, location: event.location },
    ...overrides,
  };
}

const standAnswers = { [`/api/events/${event.id}`]: event, [`/api/stands/${stand.id}/reviews`]: [], [`/api/stands/${stand.id}`]: stand };

function requestsTo(fetchMock: ReturnType<typeof mockAuthUser>, path: string, method: string) {
  return fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);
}

async function itemsSection() {
  return screen.findByRole('region', { name: 'Angebote' }, { timeout: 10_000 });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('„Reservieren“ on the stand page (issue 35)', () => {
  it('opens at the item a visitor signed in for: back from the sign-in, the page scrolls it into view once the list is there', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      mockAuthUser(null, { ...standAnswers, [itemsPath]: [bike, books] });
      renderApp(`/stands/${stand.id}#angebot-${books.id}`);
      await itemsSection();
      await waitFor(() => expect(scrolled).toEqual([`angebot-${books.id}`]));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('offers a signed-out visitor the sign-in that returns to the stand at that item, and nothing on a held item', async () => {
    mockAuthUser(null, { ...standAnswers, [itemsPath]: [bike, books] });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    const link = await within(section).findByRole('link', { name: 'Zum Reservieren von „Kinderfahrrad 20 Zoll“ anmelden' });
    expect(link.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent(`/stands/${stand.id}#angebot-${bike.id}`)}`);
    expect(link.closest('li')?.id).toBe(`angebot-${bike.id}`);
    const [, heldRow] = within(section).getAllByRole('listitem');
    expect(within(heldRow).getByText('reserviert')).toBeTruthy();
    expect(within(heldRow).queryByRole('link')).toBeNull();
    expect(within(section).queryByRole('button', { name: /reservieren/ })).toBeNull();
  });

  it('offers the seller no hold of their own items', async () => {
    mockAuthUser(owner, { ...standAnswers, [itemsPath]: [bike], [`/api/stands/${stand.id}/holds`]: [] });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    expect(await within(section).findByRole('button', { name: 'Kinderfahrrad 20 Zoll bearbeiten' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /reservieren$/ })).toBeNull();
    expect(within(section).queryByText(/Zum Reservieren/)).toBeNull();
  });

  it('asks a signed-in visitor first, with until when the seller keeps it, then sends the request and says what happens next, with the focus there', async () => {
    let myHolds: THold[] = [];
    const fetchMock = mockAuthUser(participant, {
      ...standAnswers,
      [itemsPath]: [bike],
      '/api/me/holds': () => json(myHolds),
      [`/api/items/${bike.id}/holds`]: () => {
        myHolds = [makeHold()];
        return json({ id: myHolds[0]?.id, itemId: bike.id, status: 'requested' }, 201);
      },
    });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    const reserve = await within(section).findByRole('button', { name: '„Kinderfahrrad 20 Zoll“ reservieren' });
    reserve.focus();
    fireEvent.click(reserve);
    const dialog = screen.getByRole('dialog', { name: '„Kinderfahrrad 20 Zoll“ reservieren?' });
    expect(dialog.textContent).toContain(
      'Der Verkäufer hält das Angebot bis Sa 01.06., 10:30 Uhr für dich zurück, wenn er zustimmt. Kostenlos und unverbindlich.',
    );
    // Nothing is sent before the confirmation.
    expect(requestsTo(fetchMock, `/api/items/${bike.id}/holds`, 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reservieren' }));

    const note = await within(section).findByText('Angefragt – du bekommst eine E-Mail, sobald der Verkäufer entscheidet.');
    expect(note.getAttribute('role')).toBe('status');
    // The focus goes where „Reservieren“ was, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(note));
    const posts = requestsTo(fetchMock, `/api/items/${bike.id}/holds`, 'POST');
    expect(posts).toHaveLength(1);
    expect((posts[0]?.[1]?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    // The visitor's list is read again, and the item offers no second request.
    await waitFor(() => expect(requestsTo(fetchMock, '/api/me/holds', 'GET').length).toBeGreaterThanOrEqual(2));
    expect(within(section).queryByRole('button', { name: '„Kinderfahrrad 20 Zoll“ reservieren' })).toBeNull();
  });

  it('says the server’s refusal as sent: the item is held already (409)', async () => {
    mockAuthUser(participant, {
      ...standAnswers,
      [itemsPath]: [bike],
      '/api/me/holds': [],
      [`/api/items/${bike.id}/holds`]: () => json({ message: HOLD_MESSAGES.alreadyHeld }, 409),
    });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    fireEvent.click(await within(section).findByRole('button', { name: '„Kinderfahrrad 20 Zoll“ reservieren' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reservieren' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(HOLD_MESSAGES.alreadyHeld);
    expect(within(section).queryByText(/^Angefragt/)).toBeNull();
  });

  it('shows the holder their pickup code where others read „reserviert“', async () => {
    const mine = makeHold({ itemId: books.id, status: 'accepted', pickupCode: 'ABC234', item: { title: books.title, price: books.price } });
    mockAuthUser(participant, { ...standAnswers, [itemsPath]: [books], '/api/me/holds': [mine] });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    expect(await within(section).findByText('Von dir reserviert – Abholcode ABC234')).toBeTruthy();
    expect(within(section).queryByText('reserviert')).toBeNull();
  });
});

describe('„Reservieren“ once the market’s hold time is over', () => {
  // The seller keeps items 30 minutes after the start (the stand above); these markets began 31 minutes ago.
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const begun = makeEvent({ startDateTime: minutesAgo(31), endDateTime: new Date(Date.now() + 6 * 3_600_000).toISOString(), phase: 'running' });
  const answersFor = (market: typeof event) => ({ ...standAnswers, [`/api/events/${event.id}`]: market });
  const closedSentence = 'Reservieren geht für diesen Flohmarkt nicht mehr – komm einfach vorbei.';

  it('offers a signed-in visitor no „Reservieren“ and says why, once above the items; the holder still reads their code', async () => {
    const mine = makeHold({ itemId: books.id, status: 'accepted', pickupCode: 'ABC234', item: { title: books.title, price: books.price } });
    const other = makeItem({ id: '00000035-0000-4000-8000-000000000004', title: 'Lampe' });
    mockAuthUser(participant, { ...answersFor(begun), [itemsPath]: [bike, books, other], '/api/me/holds': [mine] });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    expect(await within(section).findAllByText(closedSentence)).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: /reservieren/ })).toBeNull();
    expect(within(section).getByText('Von dir reserviert – Abholcode ABC234')).toBeTruthy();
  });

  it('offers a signed-out visitor no sign-in to reserve either', async () => {
    mockAuthUser(null, { ...answersFor(begun), [itemsPath]: [bike] });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    expect(await within(section).findByText(closedSentence)).toBeTruthy();
    expect(within(section).queryByText(/Zum Reservieren/)).toBeNull();
  });

  it('says so for a cancelled market', async () => {
    mockAuthUser(participant, { ...answersFor(makeEvent({ status: 'cancelled', phase: 'cancelled' })), [itemsPath]: [bike], '/api/me/holds': [] });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    expect(await within(section).findByText('Der Flohmarkt ist abgesagt – reservieren geht nicht mehr.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /reservieren/ })).toBeNull();
  });

  it('takes the button away when the hold time ends while the page is open', async () => {
    // The hold time ends four seconds after the page is read.
    const ending = makeEvent({
      startDateTime: new Date(Date.now() - 30 * 60_000 + 4_000).toISOString(),
      endDateTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    mockAuthUser(participant, { ...answersFor(ending), [itemsPath]: [bike], '/api/me/holds': [] });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    expect(await within(section).findByRole('button', { name: '„Kinderfahrrad 20 Zoll“ reservieren' })).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('button', { name: '„Kinderfahrrad 20 Zoll“ reservieren' })).toBeNull(), { timeout: 8_000 });
    expect(within(section).getByText(closedSentence)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it('takes the button away after the server’s „too late“ and says it as sent, with the focus there', async () => {
    mockAuthUser(participant, {
      ...standAnswers,
      [itemsPath]: [bike],
      '/api/me/holds': [],
      [`/api/items/${bike.id}/holds`]: () => json({ message: HOLD_MESSAGES.tooLate }, 400),
    });
    renderApp(`/stands/${stand.id}`);
    const section = await itemsSection();
    fireEvent.click(await within(section).findByRole('button', { name: '„Kinderfahrrad 20 Zoll“ reservieren' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reservieren' }));
    const refusal = await within(section).findByRole('alert');
    expect(refusal.textContent).toBe(HOLD_MESSAGES.tooLate);
    expect(within(section).queryByRole('button', { name: '„Kinderfahrrad 20 Zoll“ reservieren' })).toBeNull();
    // The button is gone: the refusal holds the focus, not the page.
    await waitFor(() => expect(document.activeElement).toBe(refusal.parentElement));
  });
});

describe('„Reservierungen“ for the seller (issue 35)', () => {
  it('lists who asked, by display name, and accepts one with one tap: the code is shown', async () => {
    let holds = [makeHold(), makeHold({ id: '00000036-0000-4000-8000-000000000002', status: 'declined', holderName: 'Ida K.' })];
    const fetchMock = mockAuthUser(owner, {
      ...standAnswers,
      [itemsPath]: [bike],
      [`/api/stands/${stand.id}/holds`]: () => json(holds),
      [`/api/holds/${holds[0]?.id}`]: () => {
        holds = [makeHold({ status: 'accepted', pickupCode: 'XYZ789' }), ...holds.slice(1)];
        return json(holds[0]);
      },
    });
    renderApp(`/stands/${stand.id}`);
    const list = await screen.findByRole('region', { name: 'Reservierungen' }, { timeout: 10_000 });
    expect(list.textContent).toContain('Reservierungen gelten bis 30 Minuten nach Marktbeginn.');
    const rows = await within(list).findAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Max M.');
    expect(rows[0]?.textContent).toContain('angefragt');
    expect(rows[1]?.textContent).toContain('abgelehnt');
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();

    const accept = within(rows[0] as HTMLElement).getByRole('button', { name: 'Annehmen: „Kinderfahrrad 20 Zoll“ für Max M.' });
    accept.focus();
    fireEvent.click(accept);
    const said = await within(list).findByText('„Kinderfahrrad 20 Zoll“: Angenommen. Abholcode: XYZ789');
    // The row's buttons change: the focus goes to what was decided, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(said));
    const [[, patch]] = requestsTo(fetchMock, `/api/holds/${holds[0]?.id}`, 'PATCH');
    expect(JSON.parse(String(patch?.body))).toEqual({ decision: 'accept' });
    // The list is read again: the accepted hold shows its code and can now only be ended.
    await waitFor(() => expect(within(list).getByText('XYZ789')).toBeTruthy());
    expect(within(list).getByRole('button', { name: 'Beenden: „Kinderfahrrad 20 Zoll“ für Max M.' })).toBeTruthy();
    // The items are read again too: an accepted hold makes the item „reserviert“.
    expect(requestsTo(fetchMock, itemsPath, 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('asks before a sale ends an accepted hold, naming the holder who is told, and shows the hold ended without a reload', async () => {
    let items: TItem[] = [{ ...bike, status: 'held' }];
    let holds = [makeHold({ status: 'accepted', pickupCode: 'XYZ789' })];
    const fetchMock = mockAuthUser(owner, {
      ...standAnswers,
      [itemsPath]: () => json(items),
      [`/api/stands/${stand.id}/holds`]: () => json(holds),
      [`/api/items/${bike.id}`]: () => {
        // The server ends the hold with the sale.
        items = [{ ...bike, status: 'sold' }];
        holds = [makeHold({ status: 'ended' })];
        return json(items[0]);
      },
    });
    renderApp(`/stands/${stand.id}`);
    const list = await screen.findByRole('region', { name: 'Reservierungen' }, { timeout: 10_000 });
    await within(list).findByText('XYZ789');
    const section = await itemsSection();
    const markSold = () => fireEvent.click(within(section).getByRole('button', { name: 'Kinderfahrrad 20 Zoll: als verkauft markieren' }));

    markSold();
    let dialog = screen.getByRole('dialog', { name: 'Als verkauft markieren?' });
    expect(dialog.textContent).toContain(
      '„Kinderfahrrad 20 Zoll“ ist für Max M. reserviert. Markierst du es als verkauft, endet die Reservierung, und Max M. bekommt dazu eine E-Mail, sofern die E-Mails zu Reservierungen nicht abbestellt sind.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(requestsTo(fetchMock, `/api/items/${bike.id}`, 'PUT')).toHaveLength(0);

    markSold();
    dialog = screen.getByRole('dialog', { name: 'Als verkauft markieren?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Als verkauft markieren' }));
    await waitFor(() => expect(within(list).getByText('beendet')).toBeTruthy());
    expect(within(list).queryByText('XYZ789')).toBeNull();
    expect(within(list).queryByRole('button', { name: /^Beenden/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [[, put]] = requestsTo(fetchMock, `/api/items/${bike.id}`, 'PUT');
    expect(JSON.parse(String(put?.body))).toMatchObject({ sold: true });
    expect(await within(section).findByRole('button', { name: 'Kinderfahrrad 20 Zoll: wieder verfügbar' })).toBeTruthy();
  });

  it('says so for an open request too, and asks nothing for an item nobody holds', async () => {
    const fetchMock = mockAuthUser(owner, {
      ...standAnswers,
      [itemsPath]: [bike, makeItem({ id: '00000035-0000-4000-8000-000000000004', title: 'Stuhl' })],
      [`/api/stands/${stand.id}/holds`]: [makeHold()],
      [`/api/items/00000035-0000-4000-8000-000000000004`]: () => json(makeItem({ status: 'sold' })),
    });
    renderApp(`/stands/${stand.id}`);
    await within(await screen.findByRole('region', { name: 'Reservierungen' }, { timeout: 10_000 })).findByText('Max M.');
    const section = await itemsSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Kinderfahrrad 20 Zoll: als verkauft markieren' }));
    expect(screen.getByRole('dialog', { name: 'Als verkauft markieren?' }).textContent).toContain(
      'Max M. möchte „Kinderfahrrad 20 Zoll“ reservieren. Markierst du es als verkauft, endet die Anfrage, und Max M. bekommt dazu eine E-Mail, sofern die E-Mails zu Reservierungen nicht abbestellt sind.',
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Stuhl: als verkauft markieren' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(requestsTo(fetchMock, '/api/items/00000035-0000-4000-8000-000000000004', 'PUT')).toHaveLength(1));
  });

  it('lets a guest decline on the manage page, with the link’s token in X-Manage-Token', async () => {
    const token = 'q0Zb3u1nE9mXcV4tY7wA2g';
    const guestStand = { ...stand, exhibitorId: null, guestEmail: 'gerda@example.de', event: null, eventName: event.name };
    const fetchMock = mockAuthUser(null, {
      [`/api/guest-stands/${token}`]: guestStand,
      [itemsPath]: [bike],
      [`/api/stands/${stand.id}/holds`]: [makeHold()],
      [`/api/holds/${makeHold().id}`]: () => json(makeHold({ status: 'declined' })),
    });
    renderApp(`/anmeldung/${token}`);
    const list = await screen.findByRole('region', { name: 'Reservierungen' }, { timeout: 10_000 });
    // A guest has no edit form to change the time in; their items take a photo by the link's token (ItemPhotoEditor.spec.tsx).
    expect(within(list).queryByRole('link', { name: 'Zeit ändern' })).toBeNull();
    expect(screen.getByLabelText('Foto hinzufügen: Kinderfahrrad 20 Zoll')).toBeTruthy();
    fireEvent.click(await within(list).findByRole('button', { name: 'Ablehnen: „Kinderfahrrad 20 Zoll“ für Max M.' }));
    expect(await within(list).findByText('„Kinderfahrrad 20 Zoll“: Abgelehnt. Das Angebot ist wieder frei.')).toBeTruthy();
    const [[, patch]] = requestsTo(fetchMock, `/api/holds/${makeHold().id}`, 'PATCH');
    expect(JSON.parse(String(patch?.body))).toEqual({ decision: 'decline' });
    expect((patch?.headers as Record<string, string>)[MANAGE_TOKEN_HEADER]).toBe(token);
    const [[, list1]] = requestsTo(fetchMock, `/api/stands/${stand.id}/holds`, 'GET');
    expect((list1?.headers as Record<string, string>)[MANAGE_TOKEN_HEADER]).toBe(token);
  });
});
