import { useCallback, useEffect, useState } from 'react';
import { tokenHeaders } from '@/lib/guest-access';

/**
 * What an image element shows: its URL (`attempt` counts the loads, so a new attempt is a new
 * element), or that it is still loading or could not be read.
 */
export type PhotoSource = { url: string; attempt: number } | 'loading' | 'failed';

/**
 * A photo just uploaded answers 404 until the worker has written it (an item's photo has no
 * processing state to wait for): asked again this often, this far apart, before it counts as broken.
 */
const PROCESSING_RETRIES = 5;
const PROCESSING_RETRY_MS = 2000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchPhoto(url: string, manageToken: string, signal: AbortSignal): Promise<Blob> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, { headers: tokenHeaders({ manageToken }), credentials: 'same-origin', signal });
    if (res.ok) return res.blob();
    if (res.status !== 404 || attempt >= PROCESSING_RETRIES) throw new Error(String(res.status));
    await pause(PROCESSING_RETRY_MS);
    if (signal.aborted) throw new Error('aborted');
  }
}

/**
 * The source of a photo's image and what to call when the image fails to load. By its URL, and a
 * URL that fails is loaded again PROCESSING_RETRIES times before it counts as broken. A photo only its
 * guest may see yet (`manageToken`, the stand waits for approval): an <img> cannot send the token, so
 * the bytes come by fetch with the header (the answer is `private, no-store`, with the same retries)
 * and show as an object URL, given back when the image goes.
 */
export function usePhotoSource(url: string, manageToken: string | undefined): { source: PhotoSource; failed: () => void } {
  const [source, setSource] = useState<PhotoSource>(manageToken ? 'loading' : { url, attempt: 0 });
  // The load to try next, once PROCESSING_RETRY_MS have passed.
  const [retry, setRetry] = useState<{ url: string; attempt: number } | null>(null);
  useEffect(() => {
    setRetry(null);
    if (!manageToken) {
      setSource({ url, attempt: 0 });
      return;
    }
    const abort = new AbortController();
    let objectUrl: string | null = null;
    setSource('loading');
    fetchPhoto(url, manageToken, abort.signal)
      .then((blob) => {
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        // fetchPhoto has had the retries: when this image fails, the bytes are not an image.
        setSource({ url: objectUrl, attempt: PROCESSING_RETRIES });
      })
      .catch(() => {
        if (!abort.signal.aborted) setSource('failed');
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, manageToken]);

  useEffect(() => {
    if (!retry) return;
    const timer = setTimeout(() => setSource(retry), PROCESSING_RETRY_MS);
    return () => clearTimeout(timer);
  }, [retry]);

  const failed = useCallback(() => {
    if (typeof source === 'string' || source.attempt >= PROCESSING_RETRIES) return setSource('failed');
    setSource('loading');
    setRetry({ url: source.url, attempt: source.attempt + 1 });
  }, [source]);
  return { source, failed };
}
