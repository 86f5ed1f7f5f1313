import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoGallery } from './PhotoGallery';

const photos = ['/api/media/stands/s1/a.jpg', '/api/media/stands/s1/b.jpg', '/api/media/stands/s1/c.jpg'];

function mainImage() {
  return screen.getByRole('button', { name: /vergrößern/ }).querySelector('img') as HTMLImageElement;
}

describe('PhotoGallery', () => {
  it('shows the first photo large and every photo as a thumbnail', () => {
    const { container } = render(<PhotoGallery photos={photos} title="Stand #1" />);
    expect(mainImage().getAttribute('src')).toBe(photos[0]);
    const thumbs = [...container.querySelectorAll('.gallery__thumb img')].map((img) => img.getAttribute('src'));
    expect(thumbs).toEqual(['/api/media/stands/s1/a.thumb.jpg', '/api/media/stands/s1/b.thumb.jpg', '/api/media/stands/s1/c.thumb.jpg']);
  });

  it('a thumbnail picks the main photo', () => {
    render(<PhotoGallery photos={photos} title="Stand #1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Foto 3 anzeigen' }));
    expect(mainImage().getAttribute('src')).toBe(photos[2]);
    expect(screen.getByRole('button', { name: 'Foto 3 anzeigen' }).getAttribute('aria-current')).toBe('true');
  });

  it('opens the modal with previous, next (wrapping) and indicators', () => {
    render(<PhotoGallery photos={photos} title="Stand #1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Foto 1 von 3 vergrößern' }));
    const dialog = screen.getByRole('dialog', { name: 'Stand #1 – Foto 1 von 3' });
    const shown = () => (within(dialog).getByAltText(/Stand #1, Foto/) as HTMLImageElement).getAttribute('src');
    expect(shown()).toBe(photos[0]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Nächstes Foto' }));
    expect(shown()).toBe(photos[1]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorheriges Foto' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorheriges Foto' }));
    expect(shown()).toBe(photos[2]);

    const indicators = within(dialog).getAllByRole('button', { name: /^Foto \d$/ });
    expect(indicators).toHaveLength(3);
    expect(indicators[2]?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(indicators[1] as HTMLElement);
    expect(shown()).toBe(photos[1]);
    fireEvent.keyDown(within(dialog).getByAltText(/Stand #1, Foto/), { key: 'ArrowRight' });
    expect(shown()).toBe(photos[2]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog', { name: /Foto/ })).toBeNull();
  });

  it('shows nothing without photos and no arrows for a single photo', () => {
    const { container, rerender } = render(<PhotoGallery photos={[]} title="Stand #1" />);
    expect(container.innerHTML).toBe('');
    rerender(<PhotoGallery photos={[photos[0] as string]} title="Stand #1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Foto 1 von 1 vergrößern' }));
    expect(screen.queryByRole('button', { name: 'Nächstes Foto' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Foto 1 anzeigen' })).toHaveLength(0);
  });
});
