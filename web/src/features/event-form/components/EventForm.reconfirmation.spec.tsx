import { MARKET_DAY_MESSAGES, formatShortDayTime } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockAuthUser, participant } from '@/testing/render-app';
import { describedText, renderWithProviders } from '@/testing/render-with-providers';
import { EMPTY_EVENT_VALUES, type EventFormValues } from '../lib/event-form-values';
import { EventForm } from './EventForm';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));

/** A filled-in market on Saturday, 6 June 2026, 10–16 h: only the reconfirmation is left to choose. */
const filled: EventFormValues = {
  ...EMPTY_EVENT_VALUES,
  name: 'Hofflohmarkt',
  location: 'Berlin',
  point: { lat: 52.52, lng: 13.405 },
  startDateTime: '2026-06-06T10:00',
  endDateTime: '2026-06-06T16:00',
};

function renderForm(initial: EventFormValues = filled, serverError: Error | null = null) {
  mockAuthUser(participant);
  const onSubmit = vi.fn();
  renderWithProviders(
    <EventForm mode="edit" initial={initial} submitLabel="Speichern" cancelTo="/" busy={false} serverError={serverError} onSubmit={onSubmit} />,
  );
  return onSubmit;
}

const group = () => screen.getByRole('group', { name: 'Rückmeldung vor dem Markttag' });
const theSwitch = () => within(group()).getByRole('switch', { name: 'Verkäufer vorher fragen, ob sie kommen' });

describe('EventForm: Rückmeldung vor dem Markttag (issue 36)', () => {
  it('is off by default and sends it off', async () => {
    const onSubmit = renderForm();
    expect((theSwitch() as HTMLInputElement).checked).toBe(false);
    expect(within(group()).queryByLabelText(/^Fragen/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].reconfirmation).toEqual({ enabled: false, askHoursBefore: 72, deadlineHoursBefore: 24 });
  });

  it('switched on, offers the two times with their defaults, says what happens and when, and sends them', async () => {
    const onSubmit = renderForm();
    fireEvent.click(theSwitch());
    expect(describedText(theSwitch())).toContain('Wer bis zur Frist nicht antwortet oder absagt, gibt den Platz frei; die Warteliste rückt nach.');
    const ask = within(group()).getByLabelText('Fragen (Stunden vor Beginn)') as HTMLInputElement;
    const deadline = within(group()).getByLabelText('Frist (Stunden vor Beginn)') as HTMLInputElement;
    expect(ask.value).toBe('72');
    expect(deadline.value).toBe('24');
    // 72 and 24 hours before the start, 10:00 Berlin time typed in any zone: 10:00 Berlin time (08:00 UTC).
    const askAt = formatShortDayTime(new Date('2026-06-03T08:00:00.000Z'));
    const deadlineAt = formatShortDayTime(new Date('2026-06-05T08:00:00.000Z'));
    expect(askAt).toMatch(/^Mi 03\.06\./);
    expect(group().textContent).toContain(`Die E-Mail „Bist du dabei?“ geht am ${askAt} raus, die Frist endet am ${deadlineAt}.`);
    fireEvent.change(ask, { target: { value: '96' } });
    fireEvent.change(deadline, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].reconfirmation).toEqual({ enabled: true, askHoursBefore: 96, deadlineHoursBefore: 12 });
  });

  it('shows the stored settings of a market being edited', () => {
    renderForm({ ...filled, reconfirmationEnabled: true, askHoursBefore: '48', deadlineHoursBefore: '6' });
    expect((theSwitch() as HTMLInputElement).checked).toBe(true);
    expect((within(group()).getByLabelText('Fragen (Stunden vor Beginn)') as HTMLInputElement).value).toBe('48');
    expect((within(group()).getByLabelText('Frist (Stunden vor Beginn)') as HTMLInputElement).value).toBe('6');
  });

  it('refuses hours out of range or a deadline before the question at the field, and sends nothing', () => {
    const onSubmit = renderForm();
    fireEvent.click(theSwitch());
    const ask = within(group()).getByLabelText('Fragen (Stunden vor Beginn)');
    fireEvent.change(ask, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(describedText(ask)).toContain(MARKET_DAY_MESSAGES.reconfirmationInvalid);
    expect(document.activeElement).toBe(ask);

    fireEvent.change(ask, { target: { value: '24' } });
    const deadline = within(group()).getByLabelText('Frist (Stunden vor Beginn)');
    fireEvent.change(deadline, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(describedText(deadline)).toContain(MARKET_DAY_MESSAGES.reconfirmationInvalid);
    expect(describedText(ask)).not.toContain(MARKET_DAY_MESSAGES.reconfirmationInvalid);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the hours at the field, not above the buttons', () => {
    renderForm(
      { ...filled, reconfirmationEnabled: true },
      new ApiError(MARKET_DAY_MESSAGES.reconfirmationInvalid, 400, { message: MARKET_DAY_MESSAGES.reconfirmationInvalid }),
    );
    expect(describedText(within(group()).getByLabelText('Fragen (Stunden vor Beginn)'))).toContain(MARKET_DAY_MESSAGES.reconfirmationInvalid);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
