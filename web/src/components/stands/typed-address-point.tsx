import type { TLatLng } from '@flohmarkt/contracts';
import { useRef, useState } from 'react';
import { locateTyped } from '@/features/event-form/api/geocode';
import { isPlaceOnly, noticeAt, type PointNotice } from '@/components/location/place-only';
import { addressBody, type StandAddressValues } from './StandAddressFields';

/** The typed address as one line for the address search ('Hohe Straße 12, 50667 Köln'). */
export function addressLine(address: StandAddressValues): string {
  const street = `${address.street.trim()} ${address.houseNumber.trim()}`.trim();
  const town = `${address.postcode.trim()} ${address.town.trim()}`.trim();
  return [street, town].filter(Boolean).join(', ');
}

/** The send button's words while the typed address is looked up. */
export const ADDRESS_LOOKUP_LABEL = 'Adresse wird gesucht …';

/** Said above the send button once the point was put where the typed address was found. */
export function typedAddressFoundNotice(found: string, sendLabel: string): string {
  return `Der Punkt auf der Karte steht jetzt bei ${found}, wo die eingetragene Adresse gefunden wurde. Prüf ihn auf der Karte, dann tippe noch einmal auf „${sendLabel}“.`;
}

/**
 * A Hofflohmarkt stand is found by its point (issue 33): an address typed into the fields, with no point set,
 * is looked up before the form is sent. Where its street is found, the point goes there and the send stops,
 * so the person sees it on the map first (the street index may know another house of the street); the second
 * press sends. Only a place or nothing found: the send goes on as before (a required point is then asked for).
 * A point set by hand while the look-up runs (a tap on the map) wins: the answer then changes nothing and
 * sends nothing (the press it answers knew no point); the next press sends with the tapped one.
 */
export function useTypedAddressPoint(point: TLatLng | null, setPoint: (point: TLatLng) => void, sendLabel: string) {
  const [located, setLocated] = useState<PointNotice | null>(null);
  const [locating, setLocating] = useState(false);
  const pointNow = useRef(point);
  pointNow.current = point;

  /**
   * The form's send, or first the look-up where the point is missing and a street was typed: a street found
   * sets the point and stops for a look; nothing or only a place found sends as it would have.
   */
  const sendOrLocate = (address: StandAddressValues, send: () => void): void => {
    const typed = addressBody(address);
    if (point || !typed?.street) return send();
    setLocating(true);
    void locateTyped(addressLine(typed)).then((found) => {
      setLocating(false);
      if (pointNow.current) return;
      if (!found || isPlaceOnly(found)) return send();
      const at = { lat: found.lat, lng: found.lng };
      setPoint(at);
      setLocated({ text: typedAddressFoundNotice(found.displayName, sendLabel), at });
    });
  };

  /** The notice while the point is still where the address put it. */
  const notice = () => {
    const text = noticeAt(located, point);
    return text ? (
      <p className="notice" role="status">
        {text}
      </p>
    ) : null;
  };

  return { locating, sendOrLocate, notice };
}
