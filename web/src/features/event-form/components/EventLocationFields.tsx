import type { TLatLng } from '@flohmarkt/contracts';
import { useEffect, useRef, useState } from 'react';
import { locateTyped, reverseGeocode } from '../api/geocode';
import { AddressSearch } from '@/components/location/AddressSearch';
import { LocationPicker } from '@/components/location/LocationPicker';
import { isPlaceOnly, noticeAt, placeName, type PointNotice } from '@/components/location/place-only';
import { keepTypedStreet } from '@/components/location/typed-street';

interface EventLocationFieldsProps {
  location: string;
  point: TLatLng | null;
  onLocationChange: (location: string) => void;
  onPointChange: (point: TLatLng | null) => void;
  locationError?: string;
  pointError?: string;
}

/** Said under the search when the chosen result is only a place or postcode: its point is nobody's meeting point. */
export function placeOnlyPointNotice(place: string): string {
  return `Nur der Ort gefunden: Der Punkt steht in der Mitte von ${place}. Setz ihn auf der Karte an die Stelle, wo der Flohmarkt stattfindet.`;
}

/** Said under the search when the address was changed by hand while the point stayed where it was set for the old one. */
export const POINT_KEPT_NOTICE =
  'Der Punkt auf der Karte bleibt, wo er war. Findet der Flohmarkt jetzt woanders statt, wähle einen Vorschlag oder setz den Punkt auf der Karte neu.';

/** The location text a point was set for (picked, chosen from the suggestions, or saved with the market). */
interface PointFor {
  at: TLatLng;
  text: string;
}

const samePoint = (a: TLatLng, b: TLatLng) => a.lat === b.lat && a.lng === b.lng;
/** Within about a metre: a saved point comes back from the database, not as the search's very numbers. */
const nearPoint = (a: TLatLng, b: TLatLng) => Math.abs(a.lat - b.lat) < 1e-5 && Math.abs(a.lng - b.lng) < 1e-5;
const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');

/**
 * A saved market whose point is only its place's middle (kept so with a second press, issue 30) is said as when
 * it was chosen: the search finds the saved text again only as that place, at that very point. Its label then
 * names the place, not the street the text holds, which the point is not at.
 */
function useSavedPlaceOnlyPoint(saved: PointFor | null, current: TLatLng | null, onFound: (placeLabel: string, notice: PointNotice) => void) {
  // The answer comes later: it counts only while the point is still the saved one.
  const latest = useRef({ current, onFound });
  latest.current = { current, onFound };
  useEffect(() => {
    if (!saved) return;
    let live = true;
    void locateTyped(saved.text).then((found) => {
      const { current: now, onFound: report } = latest.current;
      if (live && found && now && samePoint(now, saved.at) && isPlaceOnly(found) && nearPoint(found, saved.at)) {
        report(found.displayName, { text: placeOnlyPointNotice(placeName(found)), at: saved.at });
      }
    });
    return () => {
      live = false;
    };
  }, [saved]);
}

/**
 * The event's location three ways (docs/product.md#events): the address search, the same field typed by
 * hand, and a point picked on the map. A picked point fills an empty location text with its
 * address; a chosen search result sets the point and its place into the text, after what was typed in
 * front of it. A result that is only a place or postcode says under the search that its point is the
 * place's middle, while the point stays there; saving stays possible (the server's rule of issue 30 stands).
 * An address changed by hand keeps the point, and says so: a typo's fix must not move a point set with care,
 * and a market that moved is then set anew (the server still asks about a point far from the typed place).
 */
export function EventLocationFields({ location, point, onLocationChange, onPointChange, locationError, pointError }: EventLocationFieldsProps) {
  // A market opened for editing has its point already: its saved location names it (not its coordinates).
  const [address, setAddress] = useState<string | null>(() => (point && location.trim() ? location : null));
  const [notice, setNotice] = useState<PointNotice | null>(null);
  const [saved] = useState<PointFor | null>(() => (point && location.trim() ? { at: point, text: location } : null));
  const [pointFor, setPointFor] = useState<PointFor | null>(saved);
  useSavedPlaceOnlyPoint(saved, point, (placeLabel, placeNotice) => {
    setAddress(placeLabel);
    setNotice(placeNotice);
  });
  // Only while the point is the one the text was set for: a point placed from elsewhere (the save's look-up) says nothing.
  const pointKept = point && pointFor && samePoint(pointFor.at, point) && !sameText(pointFor.text, location) ? POINT_KEPT_NOTICE : null;

  const onPick = (picked: TLatLng) => {
    onPointChange(picked);
    setAddress(null);
    setPointFor({ at: picked, text: location });
    void reverseGeocode(picked).then((name) => {
      setAddress(name);
      if (location.trim() === '') {
        onLocationChange(name);
        setPointFor({ at: picked, text: name });
      }
    });
  };

  return (
    <>
      <AddressSearch
        id="location"
        label="Ort / Adresse"
        required
        value={location}
        onValueChange={onLocationChange}
        onSelect={(result) => {
          // Street and house number typed before the picked place stay (issue 30, O2).
          const text = keepTypedStreet(location, result.displayName);
          onLocationChange(text);
          const at = { lat: result.lat, lng: result.lng };
          onPointChange(at);
          setPointFor({ at, text });
          setAddress(result.displayName);
          setNotice(isPlaceOnly(result) ? { text: placeOnlyPointNotice(placeName(result)), at } : null);
        }}
        // Typed over by hand, the point's own notice would read as if the new text had been searched.
        notice={pointKept ?? noticeAt(notice, point)}
        error={locationError}
        hint="Ab 3 Zeichen werden Adressen vorgeschlagen. Du kannst den Ort auch selbst eingeben und den genauen Punkt auf der Karte wählen."
      />
      <LocationPicker
        id="point"
        legend="Position auf der Karte"
        label="Karte: Position des Flohmarkts wählen"
        value={point}
        onPick={onPick}
        address={address}
        onClear={() => onPointChange(null)}
        error={pointError}
      />
    </>
  );
}
