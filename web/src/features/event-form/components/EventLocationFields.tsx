import type { TLatLng } from '@flohmarkt/contracts';
import { useState } from 'react';
import { reverseGeocode } from '../api/geocode';
import { AddressSearch } from '@/components/location/AddressSearch';
import { LocationPicker } from '@/components/location/LocationPicker';
import { keepTypedStreet } from '../lib/keep-typed-street';

interface EventLocationFieldsProps {
  location: string;
  point: TLatLng | null;
  onLocationChange: (location: string) => void;
  onPointChange: (point: TLatLng | null) => void;
  locationError?: string;
  pointError?: string;
}

/**
 * The event's location three ways (docs/product.md#events): the address search, the same field typed by
 * hand, and a point picked on the map. A picked point fills an empty location text with its
 * address; a chosen search result sets the point and its place into the text, after what was typed in
 * front of it.
 */
export function EventLocationFields({ location, point, onLocationChange, onPointChange, locationError, pointError }: EventLocationFieldsProps) {
  const [address, setAddress] = useState<string | null>(null);

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
          onPointChange({ lat: result.lat, lng: result.lng });
          setAddress(result.displayName);
        }}
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
