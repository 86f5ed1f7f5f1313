import { useEffect, useState } from 'react';
import { tokenHeaders } from '@/lib/guest-access';

/** What an image element shows: its URL, or that it is still loading or could not be read. */
export type PhotoSource = { url: string } | 'loading' | 'failed';

/** A photo just uploaded answers 404 until the worker has written it: asked again this often, this far apart. */
const PROCESSING_RETRIES = 5;
const PROCESSING_RETRY_MS = 2000;

async function fetchPhoto(url: string, manageToken: string, signal: AbortSignal): Promise<Blob> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, { headers: tokenHeaders({ manageToken }), credentials: 'same-origin', signal });
    if (res.ok) return res.blob();
    if (res.status !== 404 || attempt >= PROCESSING_RETRIES) throw new Error(String(res.status));
    await new Promise((resolve) => setTimeout(resolve, PROCESSING_RETRY_MS));
    if (signal.aborted) throw new Error('aborted');
  }
}

/**
 * A photo of a stand only its guest may see yet (waiting for approval): an <img> cannot send the
 * manage token, so the bytes come by fetch with the header (the answer is `private, no-store`) and
 * show as an object URL, given back when the image goes. Without a token the URL itself is used.
 */
export function usePrivatePhoto(url: string, manageToken: string | undefined): PhotoSource {
  const [source, setSource] = useState<PhotoSource>(manageToken ? 'loading' : { url });
  useEffect(() => {
    if (!manageToken) {
      setSource({ url });
      return;
    }
    const abort = new AbortController();
    let objectUrl: string | null = null;
    setSource('loading');
    fetchPhoto(url, manageToken, abort.signal)
      .then((blob) => {
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSource({ url: objectUrl });
      })
      .catch(() => {
        if (!abort.signal.aborted) setSource('failed');
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, manageToken]);
  return source;
}
