import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CENTRE_NOT_CHOSEN_HINT, LocationPickerMap } from './LocationPickerMap';

const button = () => screen.getByRole('button', { name: 'Kartenmitte als Standort übernehmen' }) as HTMLButtonElement;

describe('LocationPickerMap: the centre button (issue 30, O1)', () => {
  it('refuses the untouched default centre and says why, so no market is pinned in Berlin by mistake', () => {
    const onPick = vi.fn();
    render(<LocationPickerMap value={null} onPick={onPick} label="Karte" />);
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-describedby')).toBe(screen.getByText(CENTRE_NOT_CHOSEN_HINT).id);
    button().click();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('takes the centre once the map shows a chosen place: a found point or a given centre (the market of a stand)', () => {
    const onPick = vi.fn();
    const { rerender } = render(<LocationPickerMap value={null} center={{ lat: 50.94, lng: 6.96 }} onPick={onPick} label="Karte" />);
    expect(button().disabled).toBe(false);
    expect(screen.queryByText(CENTRE_NOT_CHOSEN_HINT)).toBeNull();
    button().click();
    expect(onPick).toHaveBeenCalledWith({ lat: 50.94, lng: 6.96 });

    rerender(<LocationPickerMap value={{ lat: 50.9511, lng: 6.9167 }} onPick={onPick} label="Karte" />);
    expect(button().disabled).toBe(false);
  });
});
