import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { makeExhibitor, makeStand } from '@/testing/fixtures';
import { mockAuthUser } from '@/testing/render-app';
import { ExhibitorCard } from './ExhibitorCard';

const USER = '00000009-0000-4000-8000-000000000002';

function card(profilePublic?: boolean) {
  const fetchMock = mockAuthUser(null, { [`/api/exhibitors/${USER}`]: makeExhibitor({ id: USER, totalStands: 4 }) });
  const stand = makeStand({
    exhibitorId: USER,
    exhibitor: { id: USER, firstName: 'Pia', lastName: 'Privatmann', ...(profilePublic === undefined ? {} : { profilePublic }) },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ExhibitorCard stand={stand} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the stand page’s exhibitor card', () => {
  it('links a public profile and shows its figures', async () => {
    card();
    expect(screen.getByText('Pia P.')).toBeTruthy();
    expect(await screen.findByText('4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profil ansehen' }).getAttribute('href')).toBe(`/exhibitors/${USER}`);
  });

  it('shows the name of a private profile without a link, and never asks for the profile', async () => {
    const fetchMock = card(false);
    expect(screen.getByText('Pia P.')).toBeTruthy();
    expect(screen.getByText('Profil nicht öffentlich')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Profil ansehen' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/exhibitors/'))).toEqual([]);
  });

  it('names a number-only stand by its number, never as a guest', () => {
    mockAuthUser(null);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ExhibitorCard stand={makeStand({ nameDisplay: 'number', standNumber: 'Hof 12' })} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Stand Hof 12')).toBeTruthy();
    expect(screen.getByText('Der Aussteller zeigt hier nur die Standnummer.')).toBeTruthy();
    expect(screen.queryByText('Gast-Aussteller ohne Profil')).toBeNull();
  });
});
