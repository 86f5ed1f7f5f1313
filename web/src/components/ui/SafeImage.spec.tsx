import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeImage } from './SafeImage';

describe('SafeImage', () => {
  it("shows 'Bild konnte nicht geladen werden' instead of a broken image", () => {
    const { container } = render(<SafeImage src="/api/media/stands/s/p.jpg" alt="Stand #1, Foto 1" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Bild konnte nicht geladen werden')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Stand #1, Foto 1' })).toBeTruthy();
  });

  it('tries again when the source changes', () => {
    const { container, rerender } = render(<SafeImage src="/a.jpg" alt="" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    rerender(<SafeImage src="/b.jpg" alt="" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/b.jpg');
  });
});
