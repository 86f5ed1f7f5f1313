import type { TStand } from '@flohmarkt/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast/toast-store';
import { renderWithProviders } from '@/testing/render-with-providers';
import { makeStand } from '@/testing/fixtures';
import { mockAuthUser, participant } from '@/testing/render-app';
import { PhotoManager } from './PhotoManager';

// The deletion answers at once; the stand as the server reads it afterwards is passed in by the test.
vi.mock('@/features/stand-edit/api/stand-photos', async (original) => ({
  ...(await original<object>()),
  useDeletePhoto: () => ({
    isPending: false,
    mutate: (_path: string, callbacks: { onSuccess?: () => void; onSettled?: () => void }) => {
      callbacks.onSuccess?.();
      callbacks.onSettled?.();
    },
  }),
}));

const PHOTOS = ['/api/media/stands/s/a.jpg', '/api/media/stands/s/b.jpg'];
const stand = makeStand({ id: '00000002-0000-4000-8000-0000000000dd', exhibitorId: participant.id, photos: PHOTOS });

afterEach(() => act(() => resetToasts()));

/** The page's stand query, as a test sets what it answers next. */
let answerStand: (next: TStand) => void = () => undefined;
function Page() {
  const [shown, setShown] = useState(stand);
  answerStand = setShown;
  return <PhotoManager stand={shown} />;
}

describe('PhotoManager', () => {
  it('gives the focus to the photos’ title once a deleted photo’s tile is gone, not to the page', async () => {
    mockAuthUser(participant);
    renderWithProviders(<Page />);
    fireEvent.click(screen.getAllByRole('button', { name: /löschen$/ })[1]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Foto löschen' }));
    act(() => answerStand({ ...stand, photos: [PHOTOS[0]!] }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Fotos \(1 von 3\)/ })));
  });
});
