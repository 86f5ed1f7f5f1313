import { ITEM_MESSAGES, MANAGE_TOKEN_HEADER, VALIDATION, type TAuthUser, type TItem } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant, renderApp } from '@/testing/render-app';

/* An item's one photo (issue 35): the seller adds, replaces and removes it; visitors see it small and large. */

const owner: TAuthUser = { ...participant, id: '00000009-0000-4000-8000-0000000000b1' };
const event = makeEvent();
const stand = makeStand({ eventId: event.id, exhibitorId: owner.id, categories: ['Spielzeug'] });
const itemsPath = `/api/stands/${stand.id}/items`;
const photo = `/api/media/stands/${stand.id}/items/00000035-0000-4000-8000-000000000001/p1.jpg`;

const bike: TItem = {
  id: '00000035-0000-4000-8000-000000000001',
  standId: stand.id,
  title: 'Kinderfahrrad 20 Zoll',
  price: { kind: 'fixed', cents: 1250 },
  category: 'Spielzeug',
  photo: null,
  status: 'available',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};
const standAnswers = {
  [`/api/events/${event.id}`]: event,
  [`/api/stands/${stand.id}/reviews`]: [],
  [`/api/stands/${stand.id}`]: stand,
  [`/api/stands/${stand.id}/holds`]: [],
};

function requestsTo(fetchMock: ReturnType<typeof mockAuthUser>, path: string, method: string) {
  return fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && init?.method === method);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an item’s photo (issue 35)', () => {
  it('uploads a chosen image as the stand photos’ body, then offers to replace or remove it', async () => {
    let item = bike;
    const fetchMock = mockAuthUser(owner, {
      ...standAnswers,
      [itemsPath]: () => json([item]),
      [`/api/items/${bike.id}/photo`]: (_url: URL, init?: RequestInit) => {
        item = { ...item, photo: init?.method === 'DELETE' ? null : photo };
        return json({ photo: item.photo });
      },
    });
    renderApp(`/stands/${stand.id}`);
    const section = await screen.findByRole('region', { name: 'Angebote' }, { timeout: 10_000 });
    const input = await within(section).findByLabelText('Foto hinzufügen: Kinderfahrrad 20 Zoll');
    fireEvent.change(input, { target: { files: [new File(['png-bytes'], 'rad.png', { type: 'image/png' })] } });

    expect(await within(section).findByText('Foto gespeichert. Es erscheint, sobald es verarbeitet ist.')).toBeTruthy();
    const [[, post]] = requestsTo(fetchMock, `/api/items/${bike.id}/photo`, 'POST');
    const body = JSON.parse(String(post?.body)) as { photoData: string; fileName: string };
    expect(body.fileName).toBe('rad.png');
    expect(body.photoData).toBe(`data:image/png;base64,${btoa('png-bytes')}`);
    expect((post?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    // The list is read again: the row shows the thumbnail and offers replacing and removing.
    await waitFor(() => expect(within(section).getByLabelText('Foto ersetzen: Kinderfahrrad 20 Zoll')).toBeTruthy());
    const thumb = section.querySelector('.stand-item__thumb');
    expect(thumb?.getAttribute('src')).toBe(photo.replace(/\.jpg$/, '.thumb.jpg'));
    // Processed and shown: the note no longer says it will appear.
    expect(within(section).getByText('Foto gespeichert. Es erscheint, sobald es verarbeitet ist.')).toBeTruthy();
    fireEvent.load(thumb!);
    expect(await within(section).findByText('Foto gespeichert.')).toBeTruthy();
    expect(within(section).queryByText(/Es erscheint/)).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Foto von „Kinderfahrrad 20 Zoll“ entfernen' }));
    expect(await within(section).findByText('Foto entfernt.')).toBeTruthy();
    expect(requestsTo(fetchMock, `/api/items/${bike.id}/photo`, 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(within(section).getByLabelText('Foto hinzufügen: Kinderfahrrad 20 Zoll')).toBeTruthy());
  });

  it('takes only images, before sending anything, and says a refusal of the server as sent', async () => {
    const fetchMock = mockAuthUser(owner, {
      ...standAnswers,
      [itemsPath]: [bike],
      [`/api/items/${bike.id}/photo`]: () => json({ message: ITEM_MESSAGES.editForbidden }, 403),
    });
    renderApp(`/stands/${stand.id}`);
    const section = await screen.findByRole('region', { name: 'Angebote' }, { timeout: 10_000 });
    const input = await within(section).findByLabelText('Foto hinzufügen: Kinderfahrrad 20 Zoll');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'rechnung.pdf', { type: 'application/pdf' })] } });
    expect((await within(section).findByRole('alert')).textContent).toBe(VALIDATION.imageRequired);
    expect(requestsTo(fetchMock, `/api/items/${bike.id}/photo`, 'POST')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['jpg'], 'rad.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe(ITEM_MESSAGES.editForbidden));
  });

  it('lets a guest add one on the manage page by the link’s token, shown to them by it and said to show to all once the stand is approved', async () => {
    const token = 'q0Zb3u1nE9mXcV4tY7wA2g';
    let item = bike;
    const guestStand = { ...stand, exhibitorId: null, status: 'pending', guestEmail: 'gerda@example.de', event: null, eventName: event.name };
    URL.createObjectURL = () => 'blob:rad';
    URL.revokeObjectURL = () => undefined;
    const fetchMock = mockAuthUser(null, {
      [`/api/guest-stands/${token}`]: guestStand,
      [itemsPath]: () => json([item]),
      [`/api/stands/${stand.id}/holds`]: [],
      [`/api/items/${bike.id}/photo`]: () => {
        item = { ...item, photo };
        return json({ photo });
      },
      [photo.replace(/\.jpg$/, '.thumb.jpg')]: () => new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), { status: 200 }),
    });
    renderApp(`/anmeldung/${token}`);
    const input = await screen.findByLabelText('Foto hinzufügen: Kinderfahrrad 20 Zoll', undefined, { timeout: 10_000 });
    fireEvent.change(input, { target: { files: [new File(['png-bytes'], 'rad.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Foto gespeichert. Alle anderen sehen es, sobald dein Stand freigegeben ist.')).toBeTruthy();
    const [[, post]] = requestsTo(fetchMock, `/api/items/${bike.id}/photo`, 'POST');
    expect((post?.headers as Record<string, string>)[MANAGE_TOKEN_HEADER]).toBe(token);
    // Until the approval only the link may see the photo: the row fetches it with the token (a picture's URL cannot carry it).
    await waitFor(() => expect(screen.getByLabelText('Foto ersetzen: Kinderfahrrad 20 Zoll')).toBeTruthy());
    await waitFor(() => expect(document.querySelector('.stand-item__thumb')?.getAttribute('src')).toBe('blob:rad'));
    const [, thumb] = fetchMock.mock.calls.find(([url]) => String(url) === photo.replace(/\.jpg$/, '.thumb.jpg'))!;
    expect((thumb?.headers as Record<string, string>)[MANAGE_TOKEN_HEADER]).toBe(token);
  });

  it('shows visitors the thumbnail, and the large photo on a tap', async () => {
    mockAuthUser(null, { ...standAnswers, [itemsPath]: [{ ...bike, photo }] });
    renderApp(`/stands/${stand.id}`);
    const section = await screen.findByRole('region', { name: 'Angebote' }, { timeout: 10_000 });
    fireEvent.click(await within(section).findByRole('button', { name: 'Foto von „Kinderfahrrad 20 Zoll“ vergrößern' }));
    const dialog = screen.getByRole('dialog', { name: 'Kinderfahrrad 20 Zoll' });
    expect(within(dialog).getByAltText('Foto von „Kinderfahrrad 20 Zoll“').getAttribute('src')).toBe(photo);
  });
});
