import { ERROR_CODES, TOASTS, ZStandUpdate, formatCoordinates, toLatLng, type TEvent, type TLatLng, type TStand } from '@flohmarkt/contracts';
import { useEffect, useState } from 'react';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { reverseGeocode } from '@/features/event-form/api/geocode';
import { validate, withPointError } from '@/components/form/field-errors';
import { StandMap } from '@/components/maps/lazy-maps';
import { StandLocationField } from '@/components/stands/StandLocationField';
import { distanceError, standBody, standToValues } from '@/components/stands/stand-form-values';
import { hasErrorCode, isUnauthorizedError } from '@/lib/api-client';
import { useUpdateStand } from '../api/update-stand';

interface LocationEditorProps {
  stand: TStand;
  event: TEvent;
  own: boolean;
  /** A message for the location from the form's own save (e.g. no location yet). */
  formError?: string;
}

/**
 * The stand's location, saved on its own (docs/product.md#editing-and-deleting-a-stand): viewing shows the map; choosing shows
 * the picker with 'Meine Position verwenden'; saving checks the 15 km rule first ('Standort
 * gespeichert').
 */
export function LocationEditor({ stand, event, own, formError }: LocationEditorProps) {
  const saved = toLatLng(stand.latitude, stand.longitude);
  const [choosing, setChoosing] = useState(saved === null);
  const [draft, setDraft] = useState<TLatLng | null>(saved);
  const [error, setError] = useState<string | undefined>();
  const [address, setAddress] = useState<string | null>(null);
  const update = useUpdateStand(stand);

  useEffect(() => {
    if (!saved || choosing) return undefined;
    let current = true;
    void reverseGeocode(saved).then((name) => current && setAddress(name));
    return () => {
      current = false;
    };
    // Numbers, not the point object: toLatLng makes a new object on every render.
  }, [saved?.lat, saved?.lng, choosing]);

  const save = () => {
    setError(undefined);
    const body = standBody({ ...standToValues(stand), point: draft });
    const result = validate(ZStandUpdate, body);
    const message = (result.ok ? undefined : withPointError(result.errors).point) ?? distanceError(event, draft) ?? undefined;
    if (message) return setError(message);
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: TOASTS.locationSaved });
        setChoosing(false);
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return handleSessionExpired();
        // The server's 15 km answer belongs under the map, not above the buttons.
        if (hasErrorCode(failure, ERROR_CODES.STAND_TOO_FAR)) setError(failure.message);
        toastError(TOASTS.locationSaveFailed);
      },
    });
  };

  return (
    <section className="form-group location-editor" aria-labelledby="location-title">
      <h2 id="location-title" className="form-group__title">
        Standort
      </h2>
      {choosing ? (
        <>
          <StandLocationField id="standPoint" event={event} value={draft} onChange={(p) => setDraft(p)} error={error ?? formError} required />
          <div className="form-actions">
            <button type="button" className="button button--primary" onClick={save} disabled={update.isPending || draft === null}>
              {update.isPending ? 'Wird gespeichert …' : 'Standort speichern'}
            </button>
            {saved ? (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setDraft(saved);
                  setError(undefined);
                  setChoosing(false);
                }}
              >
                Abbrechen
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <StandMap stand={stand} event={event} own={own} />
          <p className="location-picker__selected">
            Aktueller Standort: <strong>{address ?? (saved ? formatCoordinates(saved) : '')}</strong>
          </p>
          {formError ? <p className="field-error">{formError}</p> : null}
          <div className="form-actions">
            <button type="button" className="button button--outline" onClick={() => setChoosing(true)}>
              Standort ändern
            </button>
          </div>
        </>
      )}
    </section>
  );
}
