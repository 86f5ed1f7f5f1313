import type { TEvent, TFoundAddress, TLatLng } from '@flohmarkt/contracts';
import { useCallback, useEffect, useState } from 'react';
import { reverseGeocode, reverseGeocodeAddress } from '@/features/event-form/api/geocode';
import { LocationPicker } from '@/components/location/LocationPicker';
import { useOwnPosition } from '@/components/location/use-own-position';
import { eventPoint } from './stand-form-values';

interface StandLocationFieldProps {
  id?: string;
  event: Pick<TEvent, 'latitude' | 'longitude'>;
  value: TLatLng | null;
  onChange: (point: TLatLng | null) => void;
  error?: string;
  required?: boolean;
  /** The guest form may remove the point again. */
  removable?: boolean;
  legend?: string;
  /** A point picked on the map or by GPS: its address's parts, where an online geocoder names a street there. */
  onAddress?: (address: TFoundAddress) => void;
}

/**
 * The stand's position: a click on the map (the flea market itself is the red pin), the map's
 * centre for keyboard users, or the browser's own position (10-second timeout).
 */
export function StandLocationField({
  id = 'point',
  event,
  value,
  onChange,
  error,
  required,
  removable,
  legend = 'Standort auf der Karte',
  onAddress,
}: StandLocationFieldProps) {
  const [address, setAddress] = useState<string | null>(null);
  const market = eventPoint(event);
  // A point the seller picked (not one the address search set): the address may follow it.
  const picked = useCallback(
    (point: TLatLng | null) => {
      onChange(point);
      if (point && onAddress) {
        void reverseGeocodeAddress(point).then(({ address: found }) => {
          if (found?.street) onAddress(found);
        });
      }
    },
    [onChange, onAddress],
  );
  const own = useOwnPosition(
    useCallback((point: TLatLng) => picked({ lat: Math.round(point.lat * 1e6) / 1e6, lng: Math.round(point.lng * 1e6) / 1e6 }), [picked]),
  );

  // The display address of the chosen point (a selected location is a point plus its address).
  useEffect(() => {
    if (!value) {
      setAddress(null);
      return undefined;
    }
    let current = true;
    void reverseGeocode(value).then((name) => {
      if (current) setAddress(name);
    });
    return () => {
      current = false;
    };
  }, [value]);

  return (
    <LocationPicker
      id={id}
      legend={legend}
      required={required}
      label="Karte: Standort des Stands wählen"
      value={value}
      onPick={picked}
      center={market}
      reference={market ? { point: market, label: 'Flohmarkt-Standort' } : null}
      address={address}
      error={error}
      onClear={removable ? () => onChange(null) : undefined}
      actions={
        <div className="location-picker__actions">
          <button type="button" className="button button--outline button--small" onClick={own.locate} disabled={own.busy}>
            {own.busy ? 'Standort wird ermittelt …' : 'Meine Position verwenden'}
          </button>
          {own.error ? (
            <p className="field-error" role="alert">
              {own.error}
            </p>
          ) : null}
        </div>
      }
    />
  );
}
