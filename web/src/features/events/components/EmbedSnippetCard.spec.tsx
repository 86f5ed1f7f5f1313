import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EmbedSnippetCard, embedSnippet } from './EmbedSnippetCard';

const event = { id: '00000001-0000-4000-8000-0000000000e5', name: 'Hof & "Garten" <Flohmarkt>' };

describe('EmbedSnippetCard', () => {
  it('offers an iframe of the framed event page on this site, the name escaped in its title', () => {
    renderWithProviders(<EmbedSnippetCard event={event} origin="https://flohmarkt.example.org" />);
    expect(screen.getByRole('heading', { name: 'Karte einbetten' })).toBeTruthy();
    const code = (screen.getByRole('textbox', { name: 'HTML-Code zum Einbetten' }) as HTMLTextAreaElement).value;
    // What a browser makes of the pasted code: one frame of /embed/events/{id}, named after the market.
    const frame = new DOMParser().parseFromString(code, 'text/html').querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(`https://flohmarkt.example.org/embed/events/${event.id}`);
    expect(frame?.getAttribute('title')).toBe('Flohmarkt: Hof & "Garten" <Flohmarkt>');
    expect(frame?.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('link', { name: 'Vorschau (öffnet in neuem Tab)' }).getAttribute('href')).toBe(`/embed/events/${event.id}`);
  });

  it('copies the code and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<EmbedSnippetCard event={event} origin="https://flohmarkt.example.org" />);
    fireEvent.click(screen.getByRole('button', { name: 'Code kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(embedSnippet('https://flohmarkt.example.org', event)));
    expect(await screen.findByText('Code kopiert')).toBeTruthy();
  });
});
