import { LIMITS, type TLatLng } from '@flohmarkt/contracts';
import { useCallback, useState } from 'react';

/** Own German texts for the browser's geolocation answers. */
export const GEOLOCATION_MESSAGES = {
  unsupported: 'Dein Browser kann den Standort nicht ermitteln.',
  denied: 'Der Zugriff auf deinen Standort wurde nicht erlaubt.',
  timeout: 'Dein Standort konnte nicht rechtzeitig ermittelt werden. Bitte versuche es erneut.',
  unavailable: 'Dein Standort konnte nicht ermittelt werden.',
} as const;

function messageFor(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return GEOLOCATION_MESSAGES.denied;
  if (error.code === error.TIMEOUT) return GEOLOCATION_MESSAGES.timeout;
  return GEOLOCATION_MESSAGES.unavailable;
}

/** 'Use my position': the browser's position with the 10-second timeout of docs/product.md#maps. */
export function useOwnPosition(onFound: (point: TLatLng) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = useCallback(() => {
    setError(null);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setError(GEOLOCATION_MESSAGES.unsupported);
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setBusy(false);
        onFound({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (failure) => {
        setBusy(false);
        setError(messageFor(failure));
      },
      { enableHighAccuracy: true, timeout: LIMITS.geolocationTimeoutMs, maximumAge: 0 },
    );
  }, [onFound]);

  return { locate, busy, error };
}
