import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeStand } from '@/testing/fixtures';
import { StandCard } from './StandCard';

function renderCard(itemCount: number | undefined) {
  return render(
    <MemoryRouter>
      <StandCard stand={makeStand({ itemCount })} />
    </MemoryRouter>,
  );
}

describe('StandCard item count (issue 35)', () => {
  it('counts the stand’s items, one in the singular', () => {
    renderCard(5);
    expect(screen.getByText('5 Angebote')).toBeTruthy();
  });

  it('says „1 Angebot“ for a single item', () => {
    renderCard(1);
    expect(screen.getByText('1 Angebot')).toBeTruthy();
  });

  it('says nothing without items or where the read does not count them', () => {
    for (const count of [0, undefined]) {
      const { unmount } = renderCard(count);
      expect(screen.queryByText(/Angebot/)).toBeNull();
      unmount();
    }
  });
});

describe('StandCard holder', () => {
  function holderLines(stand: Parameters<typeof makeStand>[0]) {
    const { container, unmount } = render(
      <MemoryRouter>
        <StandCard stand={makeStand(stand)} />
      </MemoryRouter>,
    );
    const title = container.querySelector('.stand-card__title')?.textContent;
    const holder = container.querySelector('.stand-card__holder')?.textContent ?? null;
    unmount();
    return { title, holder };
  }

  it('names the seller below a numbered stand’s title', () => {
    expect(holderLines({ standNumber: '7', guestFirstName: 'Hannelore', guestLastName: 'Hansen' })).toEqual({ title: 'Stand #7', holder: 'Hannelore H.' });
  });

  it('names a guest once where the stand without number or address is called by the guest', () => {
    expect(holderLines({ guestFirstName: 'Hannelore' })).toEqual({ title: 'Hannelore', holder: null });
  });
});
