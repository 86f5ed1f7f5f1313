import { MAP, formatCoordinates } from '@flohmarkt/contracts';
import { Suspense, lazy, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { FieldText, RequiredMark } from '@/components/form/Field';
import type { LocationPickerMapProps } from './LocationPickerMap';

// Leaflet is its own chunk: a form only loads it when it shows the map.
const LocationPickerMap = lazy(() => import('./LocationPickerMap').then((m) => ({ default: m.LocationPickerMap })));

/** Du, as the whole app speaks, and for finger, mouse and keyboard alike (the button below the map takes its centre). */
export const PICKER_HINT = 'Wähle den Standort direkt auf der Karte oder übernimm die Kartenmitte.';

interface LocationPickerProps extends LocationPickerMapProps {
  id: string;
  legend: string;
  required?: boolean;
  error?: string;
  /** The display address of the selected point (reverse geocoded). */
  address?: string | null;
  /** The point can be removed (guest form). */
  onClear?: () => void;
  /** More controls under the map (e.g. 'use my position'). */
  actions?: ReactNode;
}

/** A fieldset around the map: hint, selected point, remove button, the message tied to it. */
export function LocationPicker({ id, legend, required, error, address, onClear, actions, ...map }: LocationPickerProps) {
  const hintId = `${id}-hint`;
  const selectedId = `${id}-selected`;
  const describedBy = [error ? `${id}-error` : null, hintId, selectedId].filter(Boolean).join(' ');
  return (
    <fieldset id={id} className="location-picker field" aria-describedby={describedBy} data-invalid={error ? true : undefined}>
      <legend className="field-label">
        {legend}
        <RequiredMark required={required} />
      </legend>
      <p id={hintId} className="field-hint">
        {PICKER_HINT}
      </p>
      <Suspense
        fallback={
          <div className="map-placeholder" style={{ height: map.height ?? MAP.pickerHeightPx }}>
            <Spinner label="Karte wird geladen …" />
          </div>
        }
      >
        <LocationPickerMap {...map} />
      </Suspense>
      <p id={selectedId} className="location-picker__selected" aria-live="polite">
        {map.value ? (
          <>
            Ausgewählter Standort: <strong>{address || formatCoordinates(map.value)}</strong>
          </>
        ) : (
          'Noch kein Standort ausgewählt.'
        )}
      </p>
      {map.value && onClear ? (
        <button type="button" className="button button--ghost-danger button--small" onClick={onClear}>
          Standort entfernen
        </button>
      ) : null}
      {actions}
      <FieldText id={id} kind="error" text={error} />
    </fieldset>
  );
}
