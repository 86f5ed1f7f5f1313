import { ITEM_MESSAGES, ITEM_SEARCH_QUERY_MAX_LENGTH, ITEM_SEARCH_QUERY_MIN_LENGTH, SEARCH_ADDRESSES, berlinDay } from '@flohmarkt/contracts';
import { useState, type FormEvent } from 'react';
import { FieldFrame, TextField } from '@/components/form/Field';
import { AddressSearch } from '@/components/location/AddressSearch';
import { busyButton } from '@/components/ui/busy-button';
import { callApi } from '@/lib/api-call';
import { SEARCH_RADII_KM, type ItemSearch, type ItemSearchForm as Form } from '../lib/search-query';
import { SEARCH_SUBMIT_ID } from '../lib/use-after-search';

interface ItemSearchFormProps {
  /** What the address says now. */
  initial: Form;
  onSearch: (search: ItemSearch) => void;
}

type Errors = Partial<Record<'q' | 'place', string>>;

/** The first place the gazetteer finds for a typed name (as the landing search takes its first hit), or null. */
async function firstPlace(text: string): Promise<{ lat: number; lng: number; label: string } | null> {
  try {
    const [first] = await callApi(SEARCH_ADDRESSES, { query: { q: text, limit: 1 } });
    return first ? { lat: first.lat, lng: first.lng, label: first.displayName.trim() } : null;
  } catch {
    return null;
  }
}

/**
 * „Was suchst du?“, the place (picked from the suggestions, or typed: then its first hit), the radius
 * and optionally the days. Checks what the server would refuse before asking, with its messages.
 */
export function ItemSearchForm({ initial, onSearch }: ItemSearchFormProps) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [looking, setLooking] = useState(false);
  const set = (change: Partial<Form>) => setForm((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field while the place is looked up: that search is on its way.
    if (looking) return;
    const q = form.q.trim();
    const label = form.label.trim();
    const found: Errors = {};
    if (q.length < ITEM_SEARCH_QUERY_MIN_LENGTH) found.q = ITEM_MESSAGES.queryTooShort;
    if (label === '' && form.lat === null) found.place = ITEM_MESSAGES.placeRequired;
    setErrors(found);
    if (found.q || found.place) return;
    let point = form.lat !== null && form.lng !== null ? { lat: form.lat, lng: form.lng, label } : null;
    if (!point) {
      setLooking(true);
      point = await firstPlace(label);
      setLooking(false);
      if (!point) {
        setErrors({ place: `Zu „${label}“ haben wir keinen Ort gefunden. Versuch es mit einem Ortsnamen oder einer Postleitzahl.` });
        return;
      }
    }
    onSearch({ ...form, q, label: point.label, lat: point.lat, lng: point.lng });
  };

  return (
    <form className="item-search-form" role="search" aria-label="Angebote suchen" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        id="item-search-q"
        label="Was suchst du?"
        type="search"
        placeholder="z. B. Kinderfahrrad"
        enterKeyHint="search"
        maxLength={ITEM_SEARCH_QUERY_MAX_LENGTH}
        value={form.q}
        onValueChange={(q) => set({ q })}
        error={errors.q}
        className="item-search-form__q"
      />
      <AddressSearch
        id="item-search-place"
        label="Wo?"
        value={form.label}
        hint="Ort, Postleitzahl oder Adresse"
        error={errors.place}
        // Typing again leaves the picked place: its point would no longer be what the field says.
        onValueChange={(label) => set({ label, lat: null, lng: null })}
        onSelect={(place) => set({ label: place.displayName.trim(), lat: place.lat, lng: place.lng })}
      />
      <FieldFrame id="item-search-radius" label="Umkreis">
        <select id="item-search-radius" className="input" value={form.radiusKm} onChange={(event) => set({ radiusKm: Number(event.target.value) })}>
          {SEARCH_RADII_KM.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </select>
      </FieldFrame>
      <div className="item-search-form__days">
        <TextField id="item-search-from" label="von" type="date" min={berlinDay(new Date())} value={form.from} onValueChange={(from) => set({ from })} />
        <TextField id="item-search-to" label="bis" type="date" min={form.from || berlinDay(new Date())} value={form.to} onValueChange={(to) => set({ to })} />
      </div>
      {/* Not `disabled` while the place is looked up: the focus would drop to the page. */}
      <button
        id={SEARCH_SUBMIT_ID}
        type="submit"
        className="button button--accent item-search-form__submit"
        {...busyButton(looking)}
        aria-busy={looking || undefined}
      >
        {looking ? 'Ort wird gesucht …' : 'Suchen'}
      </button>
    </form>
  );
}
