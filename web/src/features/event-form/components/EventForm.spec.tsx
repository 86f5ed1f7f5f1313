import { API_ERRORS, ERROR_CODES, VALIDATION, pointFarFromLocationMessage } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockAuthUser, participant } from '@/testing/render-app';
import { EMPTY_EVENT_VALUES } from '../lib/event-form-values';
import { describedText, renderWithProviders } from '@/testing/render-with-providers';
import { ApiError } from '@/lib/api-client';
import { EventForm } from './EventForm';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));

function renderForm(mode: 'create' | 'edit') {
  mockAuthUser(participant);
  const onSubmit = vi.fn();
  renderWithProviders(<EventForm mode={mode} initial={EMPTY_EVENT_VALUES} submitLabel="Speichern" cancelTo="/" busy={false} onSubmit={onSubmit} />);
  return onSubmit;
}

describe('EventForm', () => {
  it('create: names the missing fields with the event form messages, next to each field', () => {
    const onSubmit = renderForm('create');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(describedText(screen.getByLabelText(/^Name des Flohmarkts/))).toContain(API_ERRORS.eventNameRequired);
    expect(describedText(screen.getByRole('combobox', { name: /^Ort \/ Adresse/ }))).toContain(API_ERRORS.eventLocationRequired);
    expect(describedText(screen.getByLabelText(/^Beginn/))).toContain(VALIDATION.eventStartRequired);
    expect(describedText(screen.getByLabelText(/^Ende/))).toContain(VALIDATION.eventEndRequired);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name des Flohmarkts/));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('create: has every field the edit form has (issue 30) and sends them with the new market', async () => {
    const onSubmit = renderForm('create');
    expect(screen.getByLabelText('Kontakt-E-Mail')).toBeTruthy();
    expect(screen.getByLabelText('Telefon')).toBeTruthy();
    expect(screen.getByLabelText('Webseite')).toBeTruthy();
    expect(screen.getByLabelText('Linktext')).toBeTruthy();
    expect(screen.getByLabelText('Maximale Anzahl Stände')).toBeTruthy();
    expect((screen.getByLabelText('Standanmeldungen erlauben') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Bei neuen Anmeldungen per E-Mail benachrichtigen' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Name des Flohmarkts/), { target: { value: 'Hofflohmarkt' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Ort \/ Adresse/ }), { target: { value: 'Bergmannstraße, Berlin' } });
    fireEvent.change(screen.getByLabelText(/^Beginn/), { target: { value: '2030-06-01T08:00' } });
    fireEvent.change(screen.getByLabelText(/^Ende/), { target: { value: '2030-06-01T15:00' } });
    fireEvent.change(screen.getByLabelText('Anmeldeschluss'), { target: { value: '2030-05-30T18:00' } });
    fireEvent.change(screen.getByLabelText('Kontakt-E-Mail'), { target: { value: 'hof@example.de' } });
    fireEvent.change(screen.getByLabelText('Maximale Anzahl Stände'), { target: { value: '40' } });
    fireEvent.click(screen.getByLabelText('Standanmeldungen erlauben'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      contactEmail: 'hof@example.de',
      maxStands: '40',
      allowStandRegistration: false,
      notifyOnRegistration: true,
      // Typed times are Berlin times, whatever the browser's zone: 18:00 summer time is 16:00 UTC.
      registrationDeadline: '2030-05-30T16:00:00.000Z',
    });
  });

  it('edit: has the contact fields and the edit messages for the dates', () => {
    const onSubmit = renderForm('edit');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(describedText(screen.getByLabelText(/^Beginn/))).toContain(VALIDATION.eventEditStartRequired);
    expect(describedText(screen.getByLabelText(/^Ende/))).toContain(VALIDATION.eventEditEndRequired);
    expect(screen.getByLabelText('Kontakt-E-Mail')).toBeTruthy();
    expect(screen.getByLabelText('Webseite')).toBeTruthy();
    expect(screen.getByLabelText('Linktext')).toBeTruthy();
    expect((screen.getByLabelText('Standanmeldungen erlauben') as HTMLInputElement).checked).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rounds typed times to 5 minutes (step 300) and sends ISO strings with a zone', async () => {
    const onSubmit = renderForm('create');
    const start = screen.getByLabelText(/^Beginn/) as HTMLInputElement;
    expect(start.step).toBe('300');
    fireEvent.change(screen.getByLabelText(/^Name des Flohmarkts/), { target: { value: 'Hofflohmarkt' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Ort \/ Adresse/ }), { target: { value: 'Bergmannstraße, Berlin' } });
    fireEvent.change(start, { target: { value: '2030-06-01T09:32' } });
    fireEvent.blur(start);
    expect(start.value).toBe('2030-06-01T09:30');
    fireEvent.change(screen.getByLabelText(/^Ende/), { target: { value: '2030-06-01T16:58' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    // The typed place is looked up first (here the address search knows none: saved without a point).
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as Record<string, string>;
    // 09:30 and 17:00 in Berlin (summer time), whatever the browser's zone.
    expect(body.startDateTime).toBe('2030-06-01T07:30:00.000Z');
    expect(body.endDateTime).toBe('2030-06-01T15:00:00.000Z');
    expect(body).toMatchObject({ name: 'Hofflohmarkt', location: 'Bergmannstraße, Berlin', latitude: null, longitude: null });
  });

  it('says when the end lies before the start', () => {
    renderForm('create');
    fireEvent.change(screen.getByLabelText(/^Beginn/), { target: { value: '2030-06-01T12:00' } });
    fireEvent.change(screen.getByLabelText(/^Ende/), { target: { value: '2030-06-01T10:00' } });
    fireEvent.change(screen.getByLabelText(/^Name des Flohmarkts/), { target: { value: 'Markt' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Ort \/ Adresse/ }), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(describedText(screen.getByLabelText(/^Ende/))).toContain(API_ERRORS.eventEndBeforeStart);
  });

  it('edit: takes a registration deadline (not after the end) and the switch for mails about new registrations', async () => {
    const onSubmit = renderForm('edit');
    fireEvent.change(screen.getByLabelText(/^Name des Flohmarkts/), { target: { value: 'Markt' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Ort \/ Adresse/ }), { target: { value: 'Berlin' } });
    fireEvent.change(screen.getByLabelText(/^Beginn/), { target: { value: '2030-06-01T08:00' } });
    fireEvent.change(screen.getByLabelText(/^Ende/), { target: { value: '2030-06-01T15:00' } });
    const deadline = screen.getByLabelText('Anmeldeschluss');
    expect(describedText(deadline)).toContain('Ohne Angabe sind Anmeldungen bis zum Ende des Markts möglich.');
    fireEvent.change(deadline, { target: { value: '2030-06-02T08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(describedText(screen.getByLabelText('Anmeldeschluss'))).toContain(API_ERRORS.registrationDeadlineAfterEnd);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Anmeldeschluss'), { target: { value: '2030-05-30T18:00' } });
    const notify = screen.getByRole('switch', { name: 'Bei neuen Anmeldungen per E-Mail benachrichtigen' }) as HTMLInputElement;
    expect(notify.checked).toBe(true);
    fireEvent.click(notify);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(body.registrationDeadline).toBe('2030-05-30T16:00:00.000Z');
    expect(body.notifyOnRegistration).toBe(false);
  });

  it('edit: an empty deadline is sent blank, so a stored one is cleared', async () => {
    const onSubmit = vi.fn();
    mockAuthUser(participant);
    const initial = {
      ...EMPTY_EVENT_VALUES,
      name: 'Markt',
      location: 'Berlin',
      startDateTime: '2030-06-01T08:00',
      endDateTime: '2030-06-01T15:00',
      registrationDeadline: '2030-05-30T18:00',
    };
    renderWithProviders(<EventForm mode="edit" initial={initial} submitLabel="Speichern" cancelTo="/" busy={false} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Anmeldeschluss'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0]![0] as Record<string, unknown>).registrationDeadline).toBe('');
  });

  it('takes an optional cap on stands (a whole number from 1) on both forms; blank sends no cap', async () => {
    const filled = { ...EMPTY_EVENT_VALUES, name: 'Markt', location: 'Berlin', startDateTime: '2030-06-01T08:00', endDateTime: '2030-06-01T15:00' };
    for (const mode of ['create', 'edit'] as const) {
      const onSubmit = vi.fn();
      mockAuthUser(participant);
      const { unmount } = renderWithProviders(<EventForm mode={mode} initial={filled} submitLabel="Speichern" cancelTo="/" busy={false} onSubmit={onSubmit} />);
      const cap = screen.getByLabelText('Maximale Anzahl Stände');
      expect(describedText(cap)).toContain('kommen neue Anmeldungen auf die Warteliste');
      fireEvent.change(cap, { target: { value: '0' } });
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(describedText(screen.getByLabelText('Maximale Anzahl Stände'))).toContain(VALIDATION.invalidMaxStands);
      expect(onSubmit).not.toHaveBeenCalled();

      fireEvent.change(screen.getByLabelText('Maximale Anzahl Stände'), { target: { value: '10' } });
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect((onSubmit.mock.calls[0]![0] as Record<string, unknown>).maxStands).toBe('10');
      fireEvent.change(screen.getByLabelText('Maximale Anzahl Stände'), { target: { value: '' } });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
      expect((onSubmit.mock.calls[1]![0] as Record<string, unknown>).maxStands).toBe('');
      unmount();
    }
  });

  describe('the point and the typed place (issue 30)', () => {
    const filled = { ...EMPTY_EVENT_VALUES, name: 'Hofflohmarkt', startDateTime: '2030-06-01T08:00', endDateTime: '2030-06-01T15:00' };
    const koeln50677 = { displayName: '50677 Köln, Nordrhein-Westfalen', lat: 50.93333, lng: 6.95, placeId: 'postcode-50677' };

    it('looks the typed address up on save when no point was placed, and sends its point', async () => {
      const onSubmit = vi.fn();
      mockAuthUser(participant, {
        '/api/geocode': (url: URL) => (url.searchParams.get('q') === 'Venloer Straße 400, 50825 Köln' ? [{ ...koeln50677, lat: 50.9511, lng: 6.9167 }] : []),
      });
      renderWithProviders(
        <EventForm
          mode="create"
          initial={{ ...filled, location: 'Venloer Straße 400, 50825 Köln' }}
          submitLabel="Speichern"
          cancelTo="/"
          busy={false}
          onSubmit={onSubmit}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      // Only a postcode was found: its middle is shown on the map and said above the button, nothing is sent yet.
      const notice = await screen.findByText(/Nur der Ort gefunden: Der Punkt steht in der Mitte von 50677 Köln/);
      expect(notice.textContent).toContain('Oder tippe noch einmal auf „Speichern“, um ihn dort zu lassen.');
      expect(screen.getByText(/Ausgewählter Standort/).textContent).toContain('50.9511');
      expect(onSubmit).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ location: 'Venloer Straße 400, 50825 Köln', latitude: 50.9511, longitude: 6.9167 });
    });

    it('saves at once where the typed address was found with its street', async () => {
      const onSubmit = vi.fn();
      const street = { street: 'Venloer Straße', houseNumber: '400', postcode: '50825', town: 'Köln' };
      mockAuthUser(participant, {
        '/api/geocode': [{ displayName: 'Venloer Straße 400, 50825 Köln', lat: 50.9511, lng: 6.9167, placeId: 'street-1', address: street }],
      });
      renderWithProviders(
        <EventForm
          mode="create"
          initial={{ ...filled, location: 'Venloer Straße 400, 50825 Köln' }}
          submitLabel="Speichern"
          cancelTo="/"
          busy={false}
          onSubmit={onSubmit}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ latitude: 50.9511, longitude: 6.9167 });
      expect(screen.queryByText(/Nur der Ort gefunden/)).toBeNull();
    });

    it("asks before keeping a point far from the typed place, naming both, and sends 'locationConfirmed' only when confirmed", async () => {
      const onSubmit = vi.fn();
      mockAuthUser(participant);
      const message = pointFarFromLocationMessage(478.4, '50825 Köln', 'Berlin');
      const refusal = new ApiError(message, 400, { message, code: ERROR_CODES.POINT_FAR_FROM_LOCATION });
      const initial = { ...filled, location: 'Venloer Straße 400, 50825 Köln', point: { lat: 52.52, lng: 13.405 } };
      renderWithProviders(
        <EventForm mode="create" initial={initial} submitLabel="Speichern" cancelTo="/" busy={false} serverError={refusal} onSubmit={onSubmit} />,
      );
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Der Punkt auf der Karte bei Berlin liegt 478 km von „50825 Köln“ entfernt. Trotzdem speichern?');
      fireEvent.click(screen.getByRole('button', { name: 'Trotzdem speichern' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ latitude: 52.52, longitude: 13.405, locationConfirmed: true });
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
      expect(onSubmit.mock.calls[1]![0]).not.toHaveProperty('locationConfirmed');
    });

    it('asks about a far point only for its code: another refusal with the same sentence is shown as it is', () => {
      mockAuthUser(participant);
      const message = pointFarFromLocationMessage(478.4, '50825 Köln', 'Berlin');
      renderWithProviders(
        <EventForm
          mode="create"
          initial={filled}
          submitLabel="Speichern"
          cancelTo="/"
          busy={false}
          serverError={new ApiError(message, 400, { message })}
          onSubmit={vi.fn()}
        />,
      );
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(screen.queryByRole('button', { name: 'Trotzdem speichern' })).toBeNull();
    });

    it('keeps street and house number when a postcode suggestion is picked, and takes its point', async () => {
      const onSubmit = vi.fn();
      mockAuthUser(participant, { '/api/geocode': [koeln50677] });
      renderWithProviders(<EventForm mode="create" initial={filled} submitLabel="Speichern" cancelTo="/" busy={false} onSubmit={onSubmit} />);
      const input = screen.getByRole('combobox', { name: /^Ort \/ Adresse/ });
      fireEvent.change(input, { target: { value: 'Merowingerstraße 10, 50677 Köln' } });
      fireEvent.mouseDown(await screen.findByRole('option', { name: '50677 Köln, Nordrhein-Westfalen' }));
      expect((input as HTMLInputElement).value).toBe('Merowingerstraße 10, 50677 Köln');
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ location: 'Merowingerstraße 10, 50677 Köln', latitude: 50.93333, longitude: 6.95 });
    });
  });
});
