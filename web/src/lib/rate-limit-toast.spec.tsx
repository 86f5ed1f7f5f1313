import { API_ERRORS } from '@flohmarkt/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { toastError } from '@/components/ui/toast/use-toast';
import { api } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render-with-providers';

const BUDGET = 'Du hast in den letzten 24 Stunden schon 10 Flohmärkte angelegt. Bitte versuche es später erneut.';
const GENERAL = 'Der Flohmarkt konnte nicht erstellt werden.';

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function answer(body: string | null, status: number, contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockImplementation(async () => new Response(body, { status, headers: { 'Content-Type': contentType } })),
  );
}

/** A screen as the features write them: its mutation's own onError shows its general toast. */
function CreateButton() {
  const create = useMutation({ mutationFn: () => api.post('/api/events', { name: 'Hofflohmarkt' }) });
  return (
    <button type="button" onClick={() => create.mutate(undefined, { onError: () => toastError(GENERAL) })}>
      Flohmarkt anlegen
    </button>
  );
}

function EventList() {
  const events = useQuery({ queryKey: ['events'], queryFn: () => api.get<unknown[]>('/api/events') });
  return <p>{events.isError ? 'Die Flohmärkte konnten nicht geladen werden.' : 'Lädt…'}</p>;
}

/** The toast on screen once the call and every callback of it are done (one toast shows at a time). */
async function alertText(): Promise<string> {
  await screen.findByRole('alert');
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return screen.getByRole('alert').textContent ?? '';
}

describe('a 429 from the API is a toast with its German sentence', () => {
  it('shows the budget sentence of a refused write, in place of the screen’s general toast', async () => {
    answer(JSON.stringify({ message: BUDGET }), 429);
    renderWithProviders(<CreateButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Flohmarkt anlegen' }));
    expect(await alertText()).toContain(BUDGET);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(GENERAL)).toBeNull();
  });

  it('shows the sentence of a refused read too', async () => {
    const sentence = 'Zu viele Anfragen. Bitte versuche es später erneut.';
    answer(JSON.stringify({ message: sentence }), 429);
    renderWithProviders(<EventList />);
    expect(await alertText()).toContain(sentence);
    expect(screen.getByText('Die Flohmärkte konnten nicht geladen werden.')).toBeTruthy();
  });

  it('says the general German sentence when a proxy answered 429 without our body', async () => {
    answer('<html><body>429 Too Many Requests</body></html>', 429, 'text/html');
    renderWithProviders(<CreateButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Flohmarkt anlegen' }));
    expect(await alertText()).toContain(API_ERRORS.tooManyRequests);
    expect(screen.queryByText(GENERAL)).toBeNull();
    expect(screen.queryByText(/HTTP error/)).toBeNull();
  });

  it('leaves other refusals to the screen', async () => {
    answer(JSON.stringify({ message: 'Stand bereits angemeldet' }), 409);
    renderWithProviders(<CreateButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Flohmarkt anlegen' }));
    expect(await alertText()).toContain(GENERAL);
    expect(screen.queryByText('Stand bereits angemeldet')).toBeNull();
  });
});
