import { COME_BACK_MESSAGES, STAND_CATEGORIES } from '@flohmarkt/contracts';
import { type FormEvent, useState } from 'react';
import { FieldFrame, FormMessage, fieldAria } from '@/components/form/Field';
import { AddressSearch } from '@/components/location/AddressSearch';
import { CategoryPicker } from '@/components/stands/CategoryPicker';
import { toast } from '@/components/ui/toast/use-toast';
import { useCreateAlert, type AlertBody } from '../api/alerts';
import { alertLabel } from '../lib/alert-place';
import { ALERT_RADII, ALERT_TEXTS as T, DEFAULT_ALERT_RADIUS_KM } from '../lib/come-back-texts';
import { failureMessage } from '../lib/error-message';

type PickedPlace = Pick<AlertBody, 'lat' | 'lng' | 'label'>;
type StandCategory = (typeof STAND_CATEGORIES)[number];

/**
 * A new Flohmarkt-Alarm: a place picked in the address search (its point, and its name for the list
 * and the mails), a radius and optionally stand categories. The server's German refusal (e.g. more
 * than ALERTS_MAX_PER_USER alerts) shows under the form.
 */
export function AlertForm({ userId }: { userId: string }) {
  const create = useCreateAlert(userId);
  const [place, setPlace] = useState('');
  const [picked, setPicked] = useState<PickedPlace | null>(null);
  const [radiusKm, setRadiusKm] = useState<number>(DEFAULT_ALERT_RADIUS_KM);
  const [categories, setCategories] = useState<string[]>([]);
  const [placeError, setPlaceError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only a picked result has a point: a typed text alone is no place to look around.
    if (!picked) {
      setPlaceError(COME_BACK_MESSAGES.alertPlaceRequired);
      return;
    }
    const body: AlertBody = { ...picked, radiusKm, categories: categories as StandCategory[] };
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: T.saved });
        setPlace('');
        setPicked(null);
        setRadiusKm(DEFAULT_ALERT_RADIUS_KM);
        setCategories([]);
      },
    });
  };

  return (
    <form className="alert-form" onSubmit={submit} aria-labelledby="alert-form-title" noValidate>
      <h3 id="alert-form-title">{T.formTitle}</h3>
      <AddressSearch
        id="alert-place"
        label={T.placeLabel}
        required
        value={place}
        hint={T.placeHint}
        error={placeError}
        onValueChange={(text) => {
          setPlace(text);
          // Typing again leaves the picked place: the point would no longer be what the field says.
          if (picked && text !== picked.label) setPicked(null);
        }}
        onSelect={(result) => {
          const label = alertLabel(result.displayName);
          setPlace(label);
          setPicked({ lat: result.lat, lng: result.lng, label });
          setPlaceError(undefined);
        }}
      />
      <FieldFrame id="alert-radius" label={T.radiusLabel} hint={T.radiusHint}>
        <select
          id="alert-radius"
          name="alert-radius"
          className="input"
          value={radiusKm}
          {...fieldAria('alert-radius', { hint: T.radiusHint })}
          onChange={(change) => setRadiusKm(Number(change.target.value))}
        >
          {ALERT_RADII.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </select>
      </FieldFrame>
      <details className="alert-form__categories">
        <summary>{T.categoriesSummary(categories.length)}</summary>
        <CategoryPicker
          id="alert-categories"
          legend={T.categoriesLegend}
          options={STAND_CATEGORIES}
          value={categories}
          onChange={setCategories}
          hint={T.categoriesHint}
        />
      </details>
      <FormMessage message={create.isError ? failureMessage(create.error, T.saveFailed) : null} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? T.saving : T.save}
        </button>
      </div>
    </form>
  );
}
