import { TOASTS } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render-with-providers';
import { makeStand } from '@/testing/fixtures';
import { mockAuthUser, participant } from '@/testing/render-app';
import { uploadPhoto } from '@/features/stand-edit/api/stand-photos';
import { PhotoUploader } from './PhotoUploader';

// Uploads go through XMLHttpRequest (for their progress): a stand-in answers them.
vi.mock('@/features/stand-edit/api/stand-photos', async (original) => ({ ...(await original<object>()), uploadPhoto: vi.fn() }));
const upload = vi.mocked(uploadPhoto);

const stand = makeStand({ id: '00000002-0000-4000-8000-0000000000cc', exhibitorId: participant.id });
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

afterEach(() => {
  act(() => resetToasts());
  upload.mockReset();
});

describe('PhotoUploader (edit page)', () => {
  it('uploads several photos as soon as they are chosen; one that fails stays with its reason and can be sent again (issue 30, S2)', async () => {
    mockAuthUser(participant);
    upload
      .mockResolvedValueOnce({ photos: ['/api/media/stands/x/a.jpg'] })
      .mockRejectedValueOnce(new ApiError('Das Foto ist zu groß. Bitte wähle ein kleineres Bild.', 400, {}));
    renderWithProviders(<PhotoUploader stand={stand} remaining={3} />);
    // Beside the stand's own 'Fotos (0 von 3)' the picker counts what is left, not a second 'von'.
    expect(screen.getByRole('group', { name: /Fotos hinzufügen/ }).textContent).toContain('(noch 3 frei)');
    // No button to press: „Änderungen speichern“ of the page used to leave chosen photos behind.
    fireEvent.change(screen.getByLabelText('Fotos aus der Galerie wählen'), { target: { files: [jpeg('tisch.jpg'), jpeg('riesig.jpg')] } });

    expect(
      await screen.findByText('„riesig.jpg“: Das Foto konnte nicht hochgeladen werden: Das Foto ist zu groß. Bitte wähle ein kleineres Bild.'),
    ).toBeTruthy();
    expect(upload.mock.calls.map(([id, body]) => [id, body.fileName])).toEqual([
      [stand.id, 'tisch.jpg'],
      [stand.id, 'riesig.jpg'],
    ]);
    // The uploaded one leaves the picker; the failed one can be taken out or sent again.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('group', { name: /Fotos hinzufügen/ }).textContent).toContain('(noch 2 frei)');
    expect(screen.getByRole('button', { name: 'Foto 1 entfernen' })).toBeTruthy();
    expect(await screen.findByText(TOASTS.photoUploaded)).toBeTruthy();

    upload.mockResolvedValueOnce({ photos: ['/api/media/stands/x/a.jpg', '/api/media/stands/x/b.jpg'] });
    fireEvent.click(screen.getByRole('button', { name: 'Erneut hochladen' }));
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0));
    expect(upload.mock.calls.map(([, body]) => body.fileName)).toEqual(['tisch.jpg', 'riesig.jpg', 'riesig.jpg']);
  });
});
