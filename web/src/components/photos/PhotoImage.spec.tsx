import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotoImage } from './PhotoImage';

const src = '/api/media/stands/s1/items/i1.thumb.jpg';

describe('PhotoImage by its URL', () => {
  afterEach(() => vi.useRealTimers());

  it('loads a photo that failed again after a pause (a photo just uploaded is still being processed), and shows it when it comes', async () => {
    vi.useFakeTimers();
    render(<PhotoImage src={src} alt="Grammophon" />);
    const first = screen.getByAltText('Grammophon');
    fireEvent.error(first);
    expect(screen.queryByAltText('Grammophon')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Foto wird geladen …');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const second = screen.getByAltText('Grammophon');
    expect(second).not.toBe(first);
    expect(second.getAttribute('src')).toBe(src);
    fireEvent.load(second);
    expect(screen.queryByText('Bild konnte nicht geladen werden')).toBeNull();
  });

  it("says 'Bild konnte nicht geladen werden' once five more loads have failed", async () => {
    vi.useFakeTimers();
    render(<PhotoImage src={src} alt="Grammophon" />);
    for (let load = 0; load < 5; load++) {
      fireEvent.error(screen.getByAltText('Grammophon'));
      await act(() => vi.advanceTimersByTimeAsync(2000));
    }
    fireEvent.error(screen.getByAltText('Grammophon'));
    expect(screen.queryByAltText('Grammophon')).toBeNull();
    expect(screen.getByRole('img', { name: 'Grammophon' }).textContent).toBe('Bild konnte nicht geladen werden');
  });

  it('starts again for a new photo', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<PhotoImage src={src} alt="Grammophon" />);
    fireEvent.error(screen.getByAltText('Grammophon'));
    rerender(<PhotoImage src="/api/media/stands/s1/items/i2.thumb.jpg" alt="Grammophon" />);
    expect(screen.getByAltText('Grammophon').getAttribute('src')).toBe('/api/media/stands/s1/items/i2.thumb.jpg');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByAltText('Grammophon').getAttribute('src')).toBe('/api/media/stands/s1/items/i2.thumb.jpg');
  });
});
