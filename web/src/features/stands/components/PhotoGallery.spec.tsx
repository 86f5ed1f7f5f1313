import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoGallery } from './PhotoGallery';

const paths = ['/api/media/stands/s1/a.jpg', '/api/media/stands/s1/b.jpg', '/api/media/stands/s1/c.jpg'];
const photos = paths.map((path) => ({ path, state: 'ready' as const }));

function mainImage() {
  return screen.getByRole('button', { name: /vergrößern/ }).querySelector('img') as HTMLImageElement;
}

describe('PhotoGallery', () => {
  it('shows the first photo large and every photo as a thumbnail', () => {
    const { container } = render(<PhotoGallery photos={photos} title="Stand #1" />);
    expect(mainImage().getAttribute('src')).toBe(paths[0]);
    const thumbs = [...container.querySelectorAll('.gallery__thumb img')].map((img) => img.getAttribute('src'));
    expect(thumbs).toEqual(['/api/media/stands/s1/a.thumb.jpg', '/api/media/stands/s1/b.thumb.jpg', '/api/media/stands/s1/c.thumb.jpg']);
  });

  it('a thumbnail picks the main photo', () => {
    render(<PhotoGallery photos={photos} title="Stand #1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Foto 3 anzeigen' }));
    expect(mainImage().getAttribute('src')).toBe(paths[2]);
    expect(screen.getByRole('button', { name: 'Foto 3 anzeigen' }).getAttribute('aria-current')).toBe('true');
  });

  it('opens the modal with previous, next (wrapping) and indicators', () => {
    render(<PhotoGallery photos={photos} title="Stand #1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Foto 1 von 3 vergrößern' }));
    const dialog = screen.getByRole('dialog', { name: 'Stand #1 – Foto 1 von 3' });
    const shown = () => (within(dialog).getByAltText(/Stand #1, Foto/) as HTMLImageElement).getAttribute('src');
    expect(shown()).toBe(paths[0]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Nächstes Foto' }));
    expect(shown()).toBe(paths[1]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorheriges Foto' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vorheriges Foto' }));
    expect(shown()).toBe(paths[2]);

    const indicators = within(dialog).getAllByRole('button', { name: /^Foto \d$/ });
    expect(indicators).toHaveLength(3);
    expect(indicators[2]?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(indicators[1] as HTMLElement);
    expect(shown()).toBe(paths[1]);
    fireEvent.keyDown(within(dialog).getByAltText(/Stand #1, Foto/), { key: 'ArrowRight' });
    expect(shown()).toBe(paths[2]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog', { name: /Foto/ })).toBeNull();
  });

  it('shows nothing without photos and no arrows for a single photo', () => {
    const { container, rerender } = render(<PhotoGallery photos={[]} title="Stand #1" />);
    expect(container.innerHTML).toBe('');
    rerender(<PhotoGallery photos={[photos[0]!]} title="Stand #1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Foto 1 von 1 vergrößern' }));
    expect(screen.queryByRole('button', { name: 'Nächstes Foto' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Foto 1 anzeigen' })).toHaveLength(0);
  });

  it('shows a placeholder for a photo still being processed and the reason for a failed one, never its URL', () => {
    const waiting = [
      { path: paths[0]!, state: 'processing' as const },
      { path: paths[1]!, state: 'failed' as const, reason: 'Das Bild ist beschädigt.' },
      photos[2]!,
    ];
    const { container } = render(<PhotoGallery photos={waiting} title="Stand #1" />);
    expect(screen.getByRole('status').textContent).toBe('Foto wird verarbeitet …');
    expect(screen.queryByRole('button', { name: /vergrößern/ })).toBeNull();
    const shown = () => [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(shown()).toEqual(['/api/media/stands/s1/c.thumb.jpg']);

    fireEvent.click(screen.getByRole('button', { name: 'Foto 2 anzeigen' }));
    expect(screen.getByRole('alert').textContent).toBe('Das Bild ist beschädigt.');
    fireEvent.click(screen.getByRole('button', { name: 'Foto 3 anzeigen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Foto 3 von 3 vergrößern' }));
    // The modal holds the photos that can be shown.
    expect(screen.getByRole('dialog', { name: 'Stand #1 – Foto 1 von 1' })).toBeTruthy();
  });
});
