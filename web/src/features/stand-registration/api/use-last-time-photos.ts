import { LIMITS, type TStand } from '@flohmarkt/contracts';
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { addFiles, type ChosenPhoto } from '@/components/photos/chosen-photos';
import { lastTimePhotos } from './last-time-photos';

/**
 * Puts last time's photos into the form's picker once they are read, after any the seller chose
 * meanwhile and within the picker's limit. Answers `stop`, called when the form is sent: photos that
 * arrive after the upload started would sit on screen without being uploaded.
 */
export function useLastTimePhotos(stand: TStand | undefined, setPhotos: Dispatch<SetStateAction<ChosenPhoto[]>>): () => void {
  const loading = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!stand) return undefined;
    const controller = new AbortController();
    loading.current = controller;
    void lastTimePhotos(stand, controller.signal).then((files) => {
      if (controller.signal.aborted || files.length === 0) return;
      setPhotos((current) => addFiles(current, files, LIMITS.maxPhotosPerStand).photos);
    });
    return () => controller.abort();
  }, [stand, setPhotos]);
  return () => loading.current?.abort();
}
