import { ApiError } from '@/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadPhoto } from '@/features/stand-edit/api/stand-photos';
import { earlierPhotos, type ChosenPhoto, type PhotoUploadState } from './chosen-photos';
import { uploadChosenPhotos } from './upload-chosen-photos';

vi.mock('@/features/stand-edit/api/stand-photos', () => ({ uploadPhoto: vi.fn() }));
const upload = vi.mocked(uploadPhoto);

const STAND = '00000002-0000-4000-8000-000000000042';
const file = (name: string): ChosenPhoto => ({
  key: name,
  kind: 'file',
  file: new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' }),
  name,
});

afterEach(() => {
  upload.mockReset();
  vi.unstubAllGlobals();
});

function recorder() {
  const states: Record<string, PhotoUploadState[]> = {};
  return { states, onState: (key: string, state: PhotoUploadState) => (states[key] ??= []).push(state) };
}

describe('uploadChosenPhotos', () => {
  it('uploads one photo after the other, each with its progress, and reports the new list', async () => {
    let running = 0;
    let most = 0;
    upload.mockImplementation(async (_id, body, onProgress) => {
      most = Math.max(most, ++running);
      onProgress(0.5);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return { photos: [body.fileName] };
    });
    const { states, onState } = recorder();
    const onUploaded = vi.fn();
    const summary = await uploadChosenPhotos(STAND, [file('a.jpg'), file('b.jpg')], { onState, onUploaded });

    expect(summary).toEqual({ uploaded: 2, failed: [] });
    expect(most).toBe(1);
    expect(upload.mock.calls.map(([id, body]) => [id, body.fileName, body.photoData.slice(0, 23)])).toEqual([
      [STAND, 'a.jpg', 'data:image/jpeg;base64,'],
      [STAND, 'b.jpg', 'data:image/jpeg;base64,'],
    ]);
    expect(states['b.jpg']).toEqual([{ phase: 'waiting' }, { phase: 'uploading', progress: 0 }, { phase: 'uploading', progress: 0.5 }, { phase: 'done' }]);
    expect(onUploaded).toHaveBeenCalledTimes(2);
  });

  it('names a refused photo with the reason in German and still sends the next one', async () => {
    upload.mockRejectedValueOnce(new ApiError('Das Foto ist zu groß. Bitte wähle ein kleineres Bild.', 400, {})).mockResolvedValue({ photos: ['x'] });
    const { states, onState } = recorder();
    const summary = await uploadChosenPhotos(STAND, [file('riesig.jpg'), file('klein.jpg')], { onState });

    expect(summary).toEqual({ uploaded: 1, failed: ['riesig.jpg'] });
    expect(states['riesig.jpg']?.at(-1)).toEqual({
      phase: 'failed',
      message: '„riesig.jpg“: Das Foto konnte nicht hochgeladen werden: Das Foto ist zu groß. Bitte wähle ein kleineres Bild.',
    });
    expect(states['klein.jpg']?.at(-1)).toEqual({ phase: 'done' });
  });

  it("uploads the earlier stand's photo from its stored image, and says so when it cannot be read", async () => {
    const [kept, gone] = earlierPhotos([`/api/media/stands/${STAND}/aaaa.jpg`, `/api/media/stands/${STAND}/bbbb.jpg`]);
    const fetchMock = vi.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('aaaa.jpg')
        ? new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } })
        : new Response('', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    upload.mockResolvedValue({ photos: ['x'] });
    const { states, onState } = recorder();
    const summary = await uploadChosenPhotos('new-stand', [kept!, gone!], { onState });

    expect(summary.failed).toEqual([gone!.key]);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![1]).toMatchObject({ fileName: 'aaaa.jpg', photoData: expect.stringMatching(/^data:image\/jpeg;base64,/) });
    expect(states[gone!.key]?.at(-1)).toEqual({
      phase: 'failed',
      message: '„Früheres Foto 2“: Das Foto konnte nicht hochgeladen werden: Das Foto deines früheren Stands konnte nicht geladen werden.',
    });
  });
});
