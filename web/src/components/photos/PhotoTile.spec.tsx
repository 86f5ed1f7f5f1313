import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PhotoTile } from './PhotoTile';

const path = '/api/media/stands/s1/a.jpg';

function tile(photo: Parameters<typeof PhotoTile>[0]['photo'], onDelete = vi.fn()) {
  return render(
    <ul>
      <PhotoTile photo={photo} index={1} onDelete={onDelete} deleting={false} />
    </ul>,
  );
}

describe('PhotoTile', () => {
  it('says a photo still being processed is processed, without asking for its image', () => {
    const { container } = tile({ path, state: 'processing' });
    expect(screen.getByRole('status').textContent).toBe('Foto 2 wird verarbeitet …');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the thumbnail of a ready photo', () => {
    tile({ path, state: 'ready' });
    expect(screen.getByAltText('Foto 2').getAttribute('src')).toBe('/api/media/stands/s1/a.thumb.jpg');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says why a photo failed, and it can still be deleted', () => {
    const onDelete = vi.fn();
    const { container } = tile({ path, state: 'failed', reason: 'Das Bild ist beschädigt und konnte nicht gelesen werden.' }, onDelete);
    expect(screen.getByRole('alert').textContent).toBe('Das Bild ist beschädigt und konnte nicht gelesen werden.');
    expect(container.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Foto 2 löschen' }));
    expect(onDelete).toHaveBeenCalledWith(path);
  });
});
