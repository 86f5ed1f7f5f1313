import type { TLatLng } from '@flohmarkt/contracts';
import { useState } from 'react';
import { reverseGeocode } from '../api/geocode';
import { AddressSearch } from '@/components/location/AddressSearch';
import { LocationPicker } from '@/components/location/LocationPicker';
import { isPlaceOnly, noticeAt, placeName, type PointNotice } from '@/components/location/place-only';
import { keepTypedStreet } from '../lib/keep-typed-street';

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

/**
 * The event's location three ways (docs/product.md#events): the address search, the same field typed by
 * hand, and a point picked on the map. A picked point fills an empty location text with its
 * address; a chosen search result sets the point and its place into the text, after what was typed in
 * front of it. A result that is only a place or postcode says under the search that its point is the
 * place's middle, while the point stays there; saving stays possible (the server's rule of issue 30 stands).
 */
export function EventLocationFields({ location, point, onLocationChange, onPointChange, locationError, pointError }: EventLocationFieldsProps) {
  // A market opened for editing has its point already: its saved location names it (not its coordinates).
  const [address, setAddress] = useState<string | null>(() => (point && location.trim() ? location : null));
  const [notice, setNotice] = useState<PointNotice | null>(null);

  const onPick = (picked: TLatLng) => {
    onPointChange(picked);
    setAddress(null);
    void reverseGeocode(picked).then((name) => {
      setAddress(name);
      if (location.trim() === '') onLocationChange(name);
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
          onLocationChange(keepTypedStreet(location, result.displayName));
          const at = { lat: result.lat, lng: result.lng };
          onPointChange(at);
          setAddress(result.displayName);
          setNotice(isPlaceOnly(result) ? { text: placeOnlyPointNotice(placeName(result)), at } : null);
        }}
        notice={noticeAt(notice, point)}
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
