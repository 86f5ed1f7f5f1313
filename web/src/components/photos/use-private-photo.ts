import { useEffect, useState } from 'react';
import { tokenHeaders } from '@/lib/guest-access';

/** What an image element shows: its URL, or that it is still loading or could not be read. */
export type PhotoSource = { url: string } | 'loading' | 'failed';

/**
 * A photo of a stand only its guest may see yet (waiting for approval): an <img> cannot send the
 * manage token, so the bytes come by fetch with the header (the answer is `private, no-store`) and
 * show as an object URL, given back when the tile goes. Without a token the URL itself is used.
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
    fetch(url, { headers: tokenHeaders({ manageToken }), credentials: 'same-origin', signal: abort.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        if (abort.signal.aborted) URL.revokeObjectURL(objectUrl);
        else setSource({ url: objectUrl });
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
