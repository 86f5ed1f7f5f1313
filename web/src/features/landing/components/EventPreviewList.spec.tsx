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
});
