import { SERIES_MESSAGES } from '@flohmarkt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockAuthUser, participant } from '@/testing/render-app';
import { describedText, renderWithProviders } from '@/testing/render-with-providers';
import { EMPTY_EVENT_VALUES } from '../lib/event-form-values';
import { EventForm } from './EventForm';

vi.mock('@/components/location/LocationPickerMap', () => ({ LocationPickerMap: () => <div>Karte</div> }));

/** A filled-in market on Saturday, 7 March 2026, 10–16 h: only "Wiederholen" is left to choose. */
const filled = { ...EMPTY_EVENT_VALUES, name: 'Hofflohmarkt', location: 'Berlin', point: { lat: 52.52, lng: 13.405 } };

function renderForm(mode: 'create' | 'edit' = 'create') {
  mockAuthUser(participant);
  const onSubmit = vi.fn();
  renderWithProviders(<EventForm mode={mode} initial={filled} submitLabel="Speichern" cancelTo="/" busy={false} onSubmit={onSubmit} />);
  fireEvent.change(screen.getByLabelText(/^Beginn/), { target: { value: '2026-03-07T10:00' } });
  fireEvent.change(screen.getByLabelText(/^Ende/), { target: { value: '2026-03-07T16:00' } });
  return onSubmit;
}

const repeat = () => screen.getByRole('group', { name: 'Wiederholen' });

describe('EventForm: Wiederholen (issue 34)', () => {
  it('offers the rules, the monthly one named by the chosen start („am 1. Samstag“)', () => {
    renderForm();
    const group = repeat();
    expect(within(group).getByRole('radio', { name: 'Einmalig' })).toHaveProperty('checked', true);
    expect(within(group).getByRole('radio', { name: 'Jede Woche' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Alle zwei Wochen' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Jeden Monat am 1. Samstag' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Eigene Termine' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Beginn/), { target: { value: '2026-05-30T10:00' } });
    expect(within(group).getByRole('radio', { name: 'Jeden Monat am letzten Samstag' })).toBeTruthy();
  });

  it('sends no series for „Einmalig“', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('series');
  });

  it('„Jede Woche“ bis a date: previews and counts the dates, and sends the rule with its end', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Jede Woche' }));
    expect(within(repeat()).getByText(SERIES_MESSAGES.needsEnd)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('bis'), { target: { value: '2026-04-04' } });
    expect(describedText(screen.getByLabelText('bis'))).toContain('5 Termine: Sa, 7. März · Sa, 14. März · Sa, 21. März · Sa, 28. März · Sa, 4. April');
    expect(within(repeat()).getByText(/Jeder Termin wird ein eigener Flohmarkt/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Hofflohmarkt', series: { rule: 'weekly', until: '2026-04-04' } });
  });

  it('more than 52 dates: says so at once, in German, and does not send the form', () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Jede Woche' }));
    fireEvent.change(screen.getByLabelText('bis'), { target: { value: '2027-12-31' } });
    const until = screen.getByLabelText('bis');
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(until)).toContain(SERIES_MESSAGES.tooManyDates);
    expect(describedText(until)).not.toContain('Termine:');

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(describedText(screen.getByLabelText('bis'))).toContain('Eine Reihe hat höchstens 52 Termine.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a rule without its end is not sent: the form asks until when', () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Alle zwei Wochen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(describedText(screen.getByLabelText('bis'))).toContain(SERIES_MESSAGES.needsEnd);
    expect(screen.getByLabelText('bis').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('bis'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('„Eigene Termine“: adds and removes dates, previews them and sends them', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Eigene Termine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(within(repeat()).getByText('Füge mindestens einen weiteren Termin hinzu.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Termin 2'));
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Termin 2'), { target: { value: '2026-04-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Termin hinzufügen' }));
    fireEvent.change(screen.getByLabelText('Termin 3'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Termin hinzufügen' }));
    fireEvent.change(screen.getByLabelText('Termin 4'), { target: { value: '2026-06-13' } });
    expect(within(repeat()).getByText(/^4 Termine:/).textContent).toBe('4 Termine: Sa, 7. März · Sa, 11. April · Fr, 1. Mai · Sa, 13. Juni');

    fireEvent.click(screen.getByRole('button', { name: 'Termin 3 entfernen' }));
    expect(screen.queryByLabelText('Termin 4')).toBeNull();
    expect(within(repeat()).getByText(/^3 Termine:/).textContent).toBe('3 Termine: Sa, 7. März · Sa, 11. April · Sa, 13. Juni');

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ series: { dates: ['2026-04-11', '2026-06-13'] } });
  });

  it('the edit form offers no repetition', () => {
    renderForm('edit');
    expect(screen.queryByRole('group', { name: 'Wiederholen' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Jede Woche' })).toBeNull();
  });
});
