import { TOASTS, VALIDATION } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { describedText, renderWithProviders } from '@/testing/render-with-providers';
import { BERGMANNSTRASSE_12, makeEvent, makeStand } from '@/testing/fixtures';
import { json, mockAuthUser, participant } from '@/testing/render-app';
import { requestGuestForm } from '@/lib/guest-form-request';
import { GuestStandCard } from './GuestStandCard';
import { KEEP_LINK_HINT } from './GuestStandSubmitted';
import { uploadPhoto } from '@/features/stand-edit/api/stand-photos';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));
// Uploads go through XMLHttpRequest (for their progress): a stand-in answers them.
vi.mock('@/features/stand-edit/api/stand-photos', async (original) => ({ ...(await original<object>()), uploadPhoto: vi.fn() }));
const upload = vi.mocked(uploadPhoto);
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

const event = makeEvent({ id: '00000001-0000-4000-8000-0000000000bb' });

afterEach(() => {
  act(() => resetToasts());
  upload.mockReset();
  sessionStorage.clear();
});

describe('GuestStandCard', () => {
  it('opens by itself with the entries kept from before a reload or a dropped tab, and says so', async () => {
    sessionStorage.setItem(`flohmarkt.draft.v1.guest-stand:${event.id}`, JSON.stringify({ guestFirstName: 'Gerda', description: 'Marmelade und Kuchen' }));
    mockAuthUser(null, {});
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    expect(((await screen.findByLabelText(/^Vorname/)) as HTMLInputElement).value).toBe('Gerda');
    expect((screen.getByLabelText(/^Beschreibung/) as HTMLTextAreaElement).value).toBe('Marmelade und Kuchen');
    expect(screen.getByText(/^Deine Eingaben von vorhin sind wieder da\./)).toBeTruthy();
  });

  it('is a collapsible card for visitors; checks the fields, sends and says the organiser now checks it', async () => {
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => json(makeStand({ status: 'pending' }), 201) });
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    const toggle = await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(await screen.findByRole('button', { name: 'Anmeldung absenden' }));
    expect(describedText(screen.getByLabelText(/^Vorname/))).toContain(VALIDATION.guestFirstNameRequired);
    expect(describedText(screen.getByLabelText(/^Beschreibung/))).toContain(VALIDATION.guestDescriptionMinLength);
    expect(describedText(screen.getByRole('group', { name: /^Kategorien/ }))).toContain(VALIDATION.guestCategoriesRequired);

    fireEvent.change(screen.getByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kuchen' }));
    fireEvent.click(screen.getByLabelText('Ich akzeptiere PayPal'));
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));

    await waitFor(() => expect(document.querySelector('.success-message')?.textContent).toContain('Deine Stand-Anmeldung wird nun vom Organisator geprüft.'));
    expect(screen.getByText(TOASTS.registrationSucceeded)).toBeTruthy();
    const [, init] = vi.mocked(fetch).mock.calls.find(([u]) => String(u).includes('guest-stands'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      guestFirstName: 'Gerda',
      categories: ['Verschiedenes'],
      foodCategories: ['Kuchen'],
      acceptsPayPal: true,
      latitude: null,
      longitude: null,
    });
  });

  it('takes an optional e-mail with its consent sentence, refuses a bad one, then shows the private link and that it will be mailed once the address is confirmed', async () => {
    const manageUrl = 'http://localhost:8080/anmeldung/q0Zb3u1nE9mXcV4tY7wA2g';
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => json({ ...makeStand({ status: 'pending' }), manageUrl }, 201) });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    const email = await screen.findByLabelText('E-Mail (optional)');
    expect(describedText(email)).toContain('Wir schicken dir Bestätigung und Statusänderungen an diese Adresse und löschen sie nach dem Markt.');

    fireEvent.change(screen.getByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.change(email, { target: { value: 'gerda@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));
    expect(describedText(screen.getByLabelText('E-Mail (optional)'))).toContain(VALIDATION.invalidEmail);
    expect(document.activeElement).toBe(screen.getByLabelText('E-Mail (optional)'));
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('guest-stands'))).toBe(false);

    fireEvent.change(screen.getByLabelText('E-Mail (optional)'), { target: { value: ' gerda@example.de ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));

    const link = await screen.findByLabelText('Dein privater Link zur Anmeldung');
    expect((link as HTMLInputElement).value).toBe(manageUrl);
    expect(screen.getByRole('link', { name: 'Anmeldung öffnen' }).getAttribute('href')).toBe(manageUrl);
    const message = document.querySelector('.success-message')?.textContent ?? '';
    expect(message).toContain(KEEP_LINK_HINT);
    expect(message).toContain(
      'Wir schicken ihn auch an gerda@example.de. Ist die Adresse bei uns noch nicht bestätigt, kommt zuerst eine E-Mail zum Bestätigen und der Link erst danach.',
    );
    expect(message).toContain('Wer den Link hat, kann die Anmeldung zurückziehen.');
    fireEvent.click(screen.getByRole('button', { name: 'Link kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(manageUrl));
    expect(await screen.findByText(TOASTS.linkCopied)).toBeTruthy();
    const [, init] = vi.mocked(fetch).mock.calls.find(([u]) => String(u).includes('guest-stands'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({ guestEmail: 'gerda@example.de' });
  });

  it("uploads the chosen photos by the answer's manage token once the stand exists, and says which could not go up", async () => {
    const token = 'q0Zb3u1nE9mXcV4tY7wA2g';
    const created = { ...makeStand({ id: '00000002-0000-4000-8000-0000000000dd', status: 'pending' }), manageUrl: `http://localhost:8080/anmeldung/${token}` };
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => json(created, 201) });
    upload.mockResolvedValueOnce({ photos: ['/api/media/stands/x/a.jpg'] }).mockRejectedValueOnce(new Error('Keine Verbindung.'));
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.change(screen.getByLabelText('Fotos aus der Galerie wählen'), { target: { files: [jpeg('tisch.jpg'), jpeg('kiste.jpg')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));

    await screen.findByLabelText('Dein privater Link zur Anmeldung');
    expect(upload.mock.calls.map(([id, body, , access]) => [id, body.fileName, access])).toEqual([
      [created.id, 'tisch.jpg', { manageToken: token }],
      [created.id, 'kiste.jpg', { manageToken: token }],
    ]);
    expect(document.querySelector('.success-message')?.textContent).toContain(
      'Ein Foto konnte nicht hochgeladen werden. Deine Anmeldung ist trotzdem angekommen; unter deinem Link kannst du Fotos erneut hinzufügen.',
    );
  });

  it('without an e-mail sends none and asks the guest to keep the link', async () => {
    const manageUrl = 'http://localhost:8080/anmeldung/AAAAAAAAAAAAAAAAAAAAAA';
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => json({ ...makeStand({ status: 'pending' }), manageUrl }, 201) });
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));
    expect(((await screen.findByLabelText('Dein privater Link zur Anmeldung')) as HTMLInputElement).value).toBe(manageUrl);
    expect(document.querySelector('.success-message')?.textContent).toContain(KEEP_LINK_HINT);
    expect(document.querySelector('.success-message')?.textContent).toContain('Ohne E-Mail-Adresse können wir ihn dir nicht noch einmal schicken.');
    const [, init] = vi.mocked(fetch).mock.calls.find(([u]) => String(u).includes('guest-stands'))!;
    expect(JSON.parse(String((init as RequestInit).body))).not.toHaveProperty('guestEmail');
  });

  it('after sending, the panel with the link and its copy button takes the focus and is scrolled into view (the long form is gone)', async () => {
    const manageUrl = 'http://localhost:8080/anmeldung/CCCCCCCCCCCCCCCCCCCCCC';
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => json({ ...makeStand({ status: 'pending' }), manageUrl }, 201) });
    // jsdom has no scrolling: record which element asked to be scrolled to, and how.
    const scrolled: Array<{ element: Element; options: unknown }> = [];
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options });
    };
    try {
      renderWithProviders(<GuestStandCard event={event} viewer={null} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
      fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
      fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
      fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));

      const link = await screen.findByLabelText('Dein privater Link zur Anmeldung');
      const panel = link.closest('.guest-submitted');
      expect(document.activeElement).toBe(panel);
      expect(scrolled.map(({ element, options }) => ({ element, options }))).toContainEqual({ element: panel, options: { block: 'start' } });
      // The copy button sits in the panel, right beside the link.
      expect(panel?.contains(screen.getByRole('button', { name: 'Link kopieren' }))).toBe(true);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it("opened from the hero's 'Ohne Konto anmelden' (issue 30): scrolls into view and focuses the first field, again on each request", async () => {
    mockAuthUser(null);
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderWithProviders(<GuestStandCard event={event} viewer={null} />);
      const toggle = await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      const card = toggle.closest('.guest-stand-card');

      act(() => requestGuestForm());
      const firstName = await screen.findByLabelText(/^Vorname/);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      await waitFor(() => expect(document.activeElement).toBe(firstName));
      expect(scrolled).toContain(card);

      // Asked again after looking elsewhere: back to the open form and its first field.
      firstName.blur();
      scrolled.length = 0;
      act(() => requestGuestForm());
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Vorname/)));
      expect(scrolled).toContain(card);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it("while sending, „Zurücksetzen“ and a photo's „Entfernen“ stay in place but do nothing: a double tap cannot empty the form", async () => {
    let answer: (response: Response) => void = () => undefined;
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.change(screen.getByLabelText('Fotos aus der Galerie wählen'), { target: { files: [jpeg('tisch.jpg')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));

    await screen.findByRole('button', { name: 'Wird gesendet …' });
    const reset = screen.getByRole('button', { name: 'Zurücksetzen' }) as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Foto 1 entfernen' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(reset);
    expect((screen.getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe('Gerda');

    // Refused: everything typed is still there to send again.
    act(() => answer(json({ message: 'Zu viele Anmeldungen. Bitte versuche es später erneut.' }, 429)));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Zurücksetzen' }) as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByLabelText(/^Beschreibung/) as HTMLTextAreaElement).value).toBe('Marmelade und Kuchen');
    expect(screen.getByRole('button', { name: 'Foto 1 entfernen' })).toBeTruthy();
  });

  it('„Zurücksetzen“ asks before it empties what was typed, and keeps everything when the guest goes back', async () => {
    mockAuthUser(null, {});
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    const ask = await screen.findByRole('dialog', { name: 'Eingaben löschen?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Abbrechen' }));
    expect((screen.getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe('Gerda');

    fireEvent.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Eingaben löschen?' })).getByRole('button', { name: 'Eingaben löschen' }));
    await waitFor(() => expect((screen.getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe(''));
  });

  it('shows the error toast when the server refuses', async () => {
    mockAuthUser(null, { [`/api/events/${event.id}/guest-stands`]: () => json({ message: 'Zu viele Anmeldungen. Bitte versuche es später erneut.' }, 429) });
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));
    // A 429's sentence is the toast (lib/rate-limit-toast.ts), in place of the form's general one, and the form says it too.
    await waitFor(() => expect(screen.getAllByText('Zu viele Anmeldungen. Bitte versuche es später erneut.')).toHaveLength(2));
    expect(screen.queryByText(TOASTS.guestRegistrationFailed)).toBeNull();
  });

  it("a signed-in user may register a friend's stand as a guest; not there for the organiser (walk-up form) or when registration is off", async () => {
    mockAuthUser(participant);
    const organiser = { ...participant, id: event.organizerId, role: 'organizer' as const };
    const { container } = renderWithProviders(
      <>
        <GuestStandCard event={event} viewer={participant} />
        <GuestStandCard event={event} viewer={organiser} />
        <GuestStandCard event={{ ...event, allowStandRegistration: false }} viewer={null} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Stand für jemand anderen anmelden (ohne Konto)' })).toBeTruthy();
    expect(container.querySelectorAll('.guest-stand-card')).toHaveLength(1);
  });

  it('says a booked-up event puts the registration on the waitlist, and after sending its place on it', async () => {
    const full = makeEvent({ id: event.id, maxStands: 10, freePlaces: 0 });
    const manageUrl = 'http://localhost:8080/anmeldung/BBBBBBBBBBBBBBBBBBBBBB';
    mockAuthUser(null, {
      [`/api/events/${event.id}/guest-stands`]: () =>
        json({ ...makeStand({ status: 'waitlisted', isDraft: false, isApproved: false, waitlistPosition: 3 }), manageUrl }, 201),
    });
    renderWithProviders(<GuestStandCard event={full} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    expect(await screen.findByText(/Der Flohmarkt ist ausgebucht: Eine neue Anmeldung kommt auf die Warteliste/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));
    await waitFor(() => expect(document.querySelector('.success-message')?.textContent).toContain('Warteliste, Platz 3'));
    expect(document.querySelector('.success-message')?.textContent).not.toContain('wird nun vom Organisator geprüft.');
    expect(screen.getByText(/Der Flohmarkt ist ausgebucht: Warteliste, Platz 3\./)).toBeTruthy();
  });

  it('looks a typed address up before sending without a point: the point goes there for a look, the second press sends it with the stand', async () => {
    mockAuthUser(null, { '/api/geocode': [BERGMANNSTRASSE_12], [`/api/events/${event.id}/guest-stands`]: () => json(makeStand({ status: 'pending' }), 201) });
    renderWithProviders(<GuestStandCard event={event} viewer={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }));
    fireEvent.change(await screen.findByLabelText(/^Vorname/), { target: { value: 'Gerda' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Marmelade und Kuchen' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verschiedenes' }));
    fireEvent.change(screen.getByLabelText('Straße'), { target: { value: 'Bergmannstraße' } });
    fireEvent.change(screen.getByLabelText('Hausnummer'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('PLZ'), { target: { value: '10961' } });
    fireEvent.change(screen.getByLabelText('Ort'), { target: { value: 'Berlin' } });
    const sent = () => vi.mocked(fetch).mock.calls.filter(([u]) => String(u).includes('guest-stands'));

    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));
    expect(await screen.findByText(/^Der Punkt auf der Karte steht jetzt bei Bergmannstraße 12, 10961 Berlin/)).toBeTruthy();
    expect(sent()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Anmeldung absenden' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(JSON.parse(String((sent()[0]![1] as RequestInit).body))).toMatchObject({ latitude: 52.4889, longitude: 13.3958 });
  });
});
