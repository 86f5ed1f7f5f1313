import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/fixtures';
import { mockAuthUser } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EventPreviewList } from './EventPreviewList';

describe('EventPreviewList', () => {
  it("marks a cancelled market 'Abgesagt' in its card (it stays listed until its end), and no other", () => {
    mockAuthUser(null);
    renderWithProviders(
      <EventPreviewList
        events={[makeEvent({ name: 'Hofflohmarkt Kreuzberg', status: 'cancelled', phase: 'cancelled' }), makeEvent({ name: 'Nachtflohmarkt Schwabing' })]}
      />,
    );
    expect(screen.getByRole('link', { name: /Hofflohmarkt Kreuzberg/ }).textContent).toContain('Abgesagt');
    expect(screen.getByRole('link', { name: /Nachtflohmarkt Schwabing/ }).textContent).not.toContain('Abgesagt');
  });

  it("says 'am gesuchten Ort' for a market where the search looked (a market kept at its town's middle), not '0 km entfernt'", () => {
    mockAuthUser(null);
    renderWithProviders(
      <EventPreviewList events={[makeEvent({ name: 'Flohmarkt Mitte', distanceKm: 0.012 }), makeEvent({ name: 'Flohmarkt Wedding', distanceKm: 0.06 })]} />,
    );
    const middle = screen.getByRole('link', { name: /Flohmarkt Mitte/ }).textContent;
    expect(middle).toContain('am gesuchten Ort');
    expect(middle).not.toContain('km entfernt');
    expect(screen.getByRole('link', { name: /Flohmarkt Wedding/ }).textContent).toContain('0,1 km entfernt');
  });
});
