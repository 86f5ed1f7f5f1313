import { TOASTS, VALIDATION } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DraftStandsPanel } from './DraftStandsPanel';

const eventId = '00000001-0000-4000-8000-0000000000dd';
const guest = {
  ...makeStand({ eventId, status: 'pending', isDraft: true, isApproved: false, guestFirstName: 'Gerda', standNumber: 'Hof 3' }),
  duplicateOf: [] as string[],
};

afterEach(() => act(() => resetToasts()));

function setup() {
  return mockAuthUser(participant, {
    [`/api/events/${eventId}/draft-stands`]: [guest],
    [`/api/stands/${guest.id}/reject`]: (_url: URL, init?: RequestInit) =>
      json({ ...guest, status: 'rejected', rejectionReason: JSON.parse(String(init?.body)).reason }),
  });
}

describe('DraftStandsPanel: reject', () => {
  it('asks for an optional reason and rejects a guest draft with PATCH /reject (it is no longer deleted)', async () => {
    const fetchMock = setup();
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Anmeldung ablehnen?' });
    expect(dialog.textContent).toContain('Der Gast sieht die Ablehnung unter seinem Anmeldungslink');
    fireEvent.change(within(dialog).getByLabelText('Begründung (optional)'), { target: { value: '  Kein Platz mehr im Hof.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));

    await waitFor(() => expect(screen.getByText('Stand abgelehnt')).toBeTruthy());
    const calls = fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(String(url)).toBe(`/api/stands/${guest.id}/reject`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Kein Platz mehr im Hof.' });
  });

  it('refuses a reason over 500 characters before sending', async () => {
    const fetchMock = setup();
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Anmeldung ablehnen?' });
    fireEvent.change(within(dialog).getByLabelText('Begründung (optional)'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(within(dialog).getByText(VALIDATION.rejectionReasonTooLong)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });
});

const draft = (overrides: Parameters<typeof makeStand>[0], duplicateOf: string[] = []) => ({
  ...makeStand({ eventId, status: 'pending', isDraft: true, isApproved: false, ...overrides }),
  duplicateOf,
});

describe('DraftStandsPanel: review at scale (issue 18)', () => {
  const a = draft({ guestFirstName: 'Anna', standNumber: '1' });
  const b = draft({ guestFirstName: 'Bernd', standNumber: '2' });
  const w = draft({ guestFirstName: 'Wilma', standNumber: '3', status: 'waitlisted', isDraft: false, waitlistPosition: 1 });
  const writes = (fetchMock: ReturnType<typeof mockAuthUser>) =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method && init.method !== 'GET')
      .map(([url, init]) => [String(url), init?.method, JSON.parse(String(init?.body))]);

  it('approves the chosen registrations in one request and says how many', async () => {
    const fetchMock = mockAuthUser(participant, {
      [`/api/events/${eventId}/draft-stands`]: [a, b, w],
      [`/api/events/${eventId}/stands/review`]: () =>
        json([
          { ...a, status: 'approved' },
          { ...b, status: 'approved' },
        ]),
    });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    const approveChosen = await screen.findByRole('button', { name: 'Ausgewählte genehmigen' });
    expect((approveChosen as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Warteliste (Platz 1)')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stand #1 · Anna auswählen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stand #2 · Bernd auswählen' }));
    expect(screen.getByText('2 ausgewählt')).toBeTruthy();
    fireEvent.click(approveChosen);

    await waitFor(() => expect(screen.getByText(TOASTS.standsApproved(2))).toBeTruthy());
    expect(writes(fetchMock)).toEqual([[`/api/events/${eventId}/stands/review`, 'PATCH', { approve: [a.id, b.id], reject: [] }]]);
    expect(screen.getByText('0 ausgewählt')).toBeTruthy();
  });

  it('rejects all chosen with one reason after the dialog, in one request', async () => {
    const fetchMock = mockAuthUser(participant, {
      [`/api/events/${eventId}/draft-stands`]: [a, b, w],
      [`/api/events/${eventId}/stands/review`]: () => json([a, b, w].map((s) => ({ ...s, status: 'rejected' }))),
    });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Alle 3 auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ausgewählte ablehnen' }));
    const dialog = screen.getByRole('dialog', { name: '3 Anmeldungen ablehnen?' });
    fireEvent.change(within(dialog).getByLabelText('Begründung (optional)'), { target: { value: 'Der Hof ist schon voll.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));

    await waitFor(() => expect(screen.getByText(TOASTS.standsRejected(3))).toBeTruthy());
    expect(writes(fetchMock)).toEqual([
      [`/api/events/${eventId}/stands/review`, 'PATCH', { approve: [], reject: [a.id, b.id, w.id], reason: 'Der Hof ist schon voll.' }],
    ]);
  });

  it('names a guest without stand number or address once: the name is the stand’s title too', async () => {
    const unnamed = draft({ guestFirstName: 'Hannelore', guestLastName: 'Hof', standNumber: null });
    mockAuthUser(participant, { [`/api/events/${eventId}/draft-stands`]: [unnamed, a] });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    const checkbox = await screen.findByRole('checkbox', { name: 'Hannelore H. auswählen' });
    const row = checkbox.closest('li')!;
    expect(within(row).getByRole('link').textContent).toBe('Hannelore H.');
    expect(row.querySelector('.drafts__title')!.textContent).not.toContain('·');
    // A stand with a number still names its seller beside it, in the same piece of text as the title: the
    // title line is a wrapping flex line, and a flex item of its own would start a line with „· Anna“.
    const numbered = screen.getByRole('checkbox', { name: 'Stand #1 · Anna auswählen' }).closest('li')!;
    expect(within(numbered).getByRole('link').parentElement!.textContent).toBe('Stand #1\u00a0· Anna');
  });

  it('offers to choose the one registration as such, not „Alle 1“', async () => {
    mockAuthUser(participant, { [`/api/events/${eventId}/draft-stands`]: [a] });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    expect(await screen.findByRole('checkbox', { name: 'Die Anmeldung auswählen' })).toBeTruthy();
    expect(screen.queryByText(/Alle 1 /)).toBeNull();
  });

  it("shows the server's refusal of a bulk decision", async () => {
    mockAuthUser(participant, {
      [`/api/events/${eventId}/draft-stands`]: [a],
      [`/api/events/${eventId}/stands/review`]: () =>
        json({ message: 'Mindestens einer der gewählten Stände wurde inzwischen zurückgezogen. Bitte lade die Liste neu.' }, 409),
    });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Stand #1 · Anna auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ausgewählte genehmigen' }));
    expect(await screen.findByText(/wurde inzwischen zurückgezogen/)).toBeTruthy();
  });

  it("filters by status through the list's query", async () => {
    const fetchMock = mockAuthUser(participant, {
      [`/api/events/${eventId}/draft-stands`]: (url: URL) =>
        url.search.includes('approved') ? [draft({ standNumber: '9', status: 'approved', isDraft: false, isApproved: true })] : [a],
    });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    const filter = await screen.findByRole('group', { name: 'Status anzeigen' });
    expect((within(filter).getByRole('checkbox', { name: 'Wartend' }) as HTMLInputElement).checked).toBe(true);
    expect((within(filter).getByRole('checkbox', { name: 'Warteliste' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(filter).getByRole('checkbox', { name: 'Wartend' }));
    fireEvent.click(within(filter).getByRole('checkbox', { name: 'Warteliste' }));
    fireEvent.click(within(filter).getByRole('checkbox', { name: 'Genehmigt' }));
    expect(await screen.findByRole('link', { name: 'Stand #9' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Stand #1' })).toBeNull();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((u) => u.pathname.endsWith('/draft-stands'));
    expect(asked.map((u) => u.searchParams.get('status'))).toEqual(['pending,waitlisted', 'waitlisted', 'approved']);
  });

  it('marks a possible duplicate and links to the other registration', async () => {
    const first = draft({ guestFirstName: 'Gerda', guestLastName: 'Gast', standNumber: '4' });
    const second = draft({ guestFirstName: 'Gerda', guestLastName: 'Gast', standNumber: '5' }, [first.id]);
    mockAuthUser(participant, { [`/api/events/${eventId}/draft-stands`]: [{ ...first, duplicateOf: [second.id] }, second] });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    await screen.findAllByRole('note');
    const rows = [...document.querySelectorAll<HTMLElement>('.drafts__item')];
    const hint = within(rows[1]!).getByRole('note');
    expect(hint.textContent).toContain('Mögliches Duplikat');
    expect(within(hint).getByRole('link', { name: 'Stand #4 · Gerda G.' }).getAttribute('href')).toBe(`#anmeldung-${first.id}`);
    expect(rows[0]!.id).toBe(`anmeldung-${first.id}`);
  });

  it('names a duplicate the filter hides as such, linked to its stand page', async () => {
    const hiddenId = crypto.randomUUID();
    const shownOne = draft({ standNumber: '5', guestFirstName: 'Gerda' }, [hiddenId]);
    mockAuthUser(participant, { [`/api/events/${eventId}/draft-stands`]: [shownOne] });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    const hint = await screen.findByRole('note');
    expect(hint.textContent).toBe('Mögliches Duplikat von einer ausgeblendeten Anmeldung');
    expect(within(hint).getByRole('link', { name: 'einer ausgeblendeten Anmeldung' }).getAttribute('href')).toBe(`/stands/${hiddenId}`);
  });

  it('lists several duplicates with each comma after its link, so no line begins with one', async () => {
    const [a, b] = [draft({ standNumber: '4', guestFirstName: 'Gerda' }), draft({ standNumber: '6', guestFirstName: 'Gerda' })];
    const third = draft({ standNumber: '5', guestFirstName: 'Gerda' }, [a.id, b.id]);
    mockAuthUser(participant, { [`/api/events/${eventId}/draft-stands`]: [a, b, third] });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    const hint = await screen.findByRole('note');
    const parts = [...hint.querySelectorAll(':scope > span:not(.badge)')].map((span) => span.textContent);
    expect(parts).toEqual(['Stand #4 · Gerda, ', 'Stand #6 · Gerda']);
  });

  it('with nothing to decide shows one line, and all registrations on request', async () => {
    mockAuthUser(participant, {
      [`/api/events/${eventId}/draft-stands`]: (url: URL) =>
        url.search.includes('approved') ? [draft({ standNumber: '9', status: 'approved', isDraft: false, isApproved: true })] : [],
    });
    const { container } = renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    expect(await screen.findByText('Keine offenen Stand-Anmeldungen.')).toBeTruthy();
    expect(container.querySelector('section.drafts')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Alle Anmeldungen ansehen' }));
    expect(await screen.findByRole('link', { name: 'Stand #9' })).toBeTruthy();
  });
});

describe('DraftStandsPanel: reaching the person (issue 30)', () => {
  it('links each registration’s e-mail for writing to it and keeps the reason of a rejected one in view', async () => {
    const seller = draft({ exhibitorId: '00000001-0000-4000-8000-0000000000a1', standNumber: '1', contactEmail: 'sven.seller@example.de' });
    const rejected = draft({
      guestFirstName: 'Rita',
      standNumber: '2',
      status: 'rejected',
      isDraft: false,
      rejectionReason: 'Bitte keine Neuware.',
      contactEmail: 'rita@example.de',
    });
    const silent = draft({ guestFirstName: 'Nora', standNumber: '3', contactEmail: null });
    mockAuthUser(participant, { [`/api/events/${eventId}/draft-stands`]: [seller, rejected, silent] });
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    const mail = await screen.findByRole('link', { name: 'sven.seller@example.de' });
    expect(mail.getAttribute('href')).toBe('mailto:sven.seller@example.de');
    const rows = [...document.querySelectorAll<HTMLElement>('.drafts__item')];
    expect(within(rows[1]!).getByRole('link', { name: 'rita@example.de' }).getAttribute('href')).toBe('mailto:rita@example.de');
    expect(within(rows[1]!).getByText('Bitte keine Neuware.')).toBeTruthy();
    expect(within(rows[2]!).queryByText(/E-Mail/)).toBeNull();
  });
});

describe('DraftStandsPanel: the focus after a decision', () => {
  const a = draft({ guestFirstName: 'Anna', standNumber: '1' });
  const b = draft({ guestFirstName: 'Bernd', standNumber: '2' });
  /** The review list as the server has it: a decided registration leaves the open ones (once `answered`, if given). */
  function serve(stands: Array<typeof a>, answered?: Promise<void>) {
    let open = stands;
    const decide = (status: string) => async (url: URL) => {
      await answered;
      const id = url.pathname.split('/')[3];
      const decided = open.find((s) => s.id === id);
      open = open.filter((s) => s.id !== id);
      return json({ ...decided, status });
    };
    return mockAuthUser(participant, {
      [`/api/events/${eventId}/draft-stands`]: () => json(open),
      ...Object.fromEntries(stands.map((s) => [`/api/stands/${s.id}/approve-draft`, decide('approved')])),
      ...Object.fromEntries(stands.map((s) => [`/api/stands/${s.id}/reject`, decide('rejected')])),
    });
  }
  const approveIn = (name: string) => {
    const row = screen.getByRole('checkbox', { name: `${name} auswählen` }).closest('li')!;
    return within(row).getByRole('button', { name: 'Freigeben' });
  };

  it('after „Freigeben“ moves it to the next registration’s first button, and says which one was approved', async () => {
    let answer: () => void = () => undefined;
    serve([a, b], new Promise<void>((resolve) => (answer = resolve)));
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    await screen.findByRole('checkbox', { name: 'Stand #1 · Anna auswählen' });
    const pressed = approveIn('Stand #1 · Anna');
    pressed.focus();
    fireEvent.click(pressed);
    // While it is sent the pressed button keeps the focus (browsers take it from a disabled one, jsdom does not).
    await waitFor(() => expect(pressed.getAttribute('aria-disabled')).toBe('true'));
    expect((pressed as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(pressed);
    answer();

    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Stand #1 · Anna auswählen' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(approveIn('Stand #2 · Bernd')));
    expect(screen.getByText('„Stand #1 · Anna“ ist freigegeben.').getAttribute('role')).toBe('status');
  });

  it('after deciding the last row moves it to the row before', async () => {
    serve([a, b]);
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    await screen.findByRole('checkbox', { name: 'Stand #2 · Bernd auswählen' });
    const pressed = approveIn('Stand #2 · Bernd');
    pressed.focus();
    fireEvent.click(pressed);
    await waitFor(() => expect(document.activeElement).toBe(approveIn('Stand #1 · Anna')));
  });

  it('after „Ablehnen“ of the only registration gives it to the line that says nothing is left, and says which one was rejected', async () => {
    serve([a]);
    renderWithProviders(<DraftStandsPanel eventId={eventId} />);
    const row = (await screen.findByRole('checkbox', { name: 'Stand #1 · Anna auswählen' })).closest('li')!;
    const reject = within(row).getByRole('button', { name: 'Ablehnen' });
    reject.focus();
    fireEvent.click(reject);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Anmeldung ablehnen?' })).getByRole('button', { name: 'Ablehnen' }));

    const none = await screen.findByText(/^Keine offenen Stand-Anmeldungen\./);
    await waitFor(() => expect(document.activeElement).toBe(none));
    expect(screen.getByText('„Stand #1 · Anna“ ist abgelehnt.').getAttribute('role')).toBe('status');
  });
});
