import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PhotoTile } from './PhotoTile';

const path = '/api/media/stands/s1/a.jpg';

function tile(photo: Parameters<typeof PhotoTile>[0]['photo'], onDelete = vi.fn(), privateTo?: string) {
  return render(
    <ul>
      <PhotoTile photo={photo} index={1} onDelete={onDelete} deleting={false} privateTo={privateTo} />
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

  it("fetches a waiting guest stand's thumbnail with the manage token (an <img> cannot send it) and shows its bytes", async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:vorschau');
    URL.revokeObjectURL = vi.fn();
    const { unmount } = tile({ path, state: 'ready' }, vi.fn(), 'q0Zb3u1nE9mXcV4tY7wA2g');
    expect(screen.getByRole('status').textContent).toBe('Foto 2 wird geladen …');
    await waitFor(() => expect(screen.getByAltText('Foto 2').getAttribute('src')).toBe('blob:vorschau'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/media/stands/s1/a.thumb.jpg',
      expect.objectContaining({ headers: { 'X-Manage-Token': 'q0Zb3u1nE9mXcV4tY7wA2g' } }),
    );
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:vorschau');
    vi.unstubAllGlobals();
  });

  it('asks again while a just uploaded photo is processed (404), and says so when it never comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async () => new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    tile({ path, state: 'ready' }, vi.fn(), 'q0Zb3u1nE9mXcV4tY7wA2g');
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(2000);
    expect(await screen.findByRole('img', { name: 'Foto 2' })).toBeTruthy();
    expect(screen.getByText('Bild konnte nicht geladen werden')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(6);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the photo once the worker has written it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const jpeg = () => new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('{}', { status: 404 }))
        .mockImplementation(async () => jpeg()),
    );
    URL.createObjectURL = vi.fn(() => 'blob:fertig');
    tile({ path, state: 'ready' }, vi.fn(), 'q0Zb3u1nE9mXcV4tY7wA2g');
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(screen.getByAltText('Foto 2').getAttribute('src')).toBe('blob:fertig'));
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});
