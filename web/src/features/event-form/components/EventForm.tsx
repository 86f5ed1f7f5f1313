import { ERROR_CODES, LIMITS, MARKET_DAY_MESSAGES, ZEventCreate, ZEventUpdate } from '@flohmarkt/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { validate, withPointError } from '@/components/form/field-errors';
import { CheckboxField, FormMessage, TextAreaField, TextField } from '@/components/form/Field';
import { FormActions, FormCard } from '@/components/form/FormCard';
import { DRAFT_RESTORED } from '@/components/form/kept-drafts';
import { useFormState } from '@/components/form/use-form-state';
import { hasErrorCode } from '@/lib/api-client';
import { isPlaceOnly, noticeAt, placeName, type PointNotice } from '@/components/location/place-only';
import { eventBody, type EventFormMode, type EventFormValues } from '../lib/event-form-values';
import { reconfirmationErrors } from '../lib/reconfirmation-values';
import { seriesPreview, seriesProblem } from '../lib/series-values';
import { DateTimeField } from './DateTimeField';
import { EventLocationFields, placeOnlyPointNotice } from './EventLocationFields';
import { PointConfirmation } from './PointConfirmation';
import { ReconfirmationFields } from './ReconfirmationFields';
import { SeriesFields } from './SeriesFields';
import { locateTyped } from '../api/geocode';
import type { EventBody } from '../api/save-event';

interface EventFormProps {
  mode: EventFormMode;
  initial: EventFormValues;
  submitLabel: string;
  cancelTo: string;
  busy: boolean;
  /** The server's refusal of the last attempt, shown above the buttons (a far point as a question instead). */
  serverError?: Error | null;
  onSubmit: (body: EventBody) => void;
  /** Said just above the buttons (the edit of a series asks there which dates the change is for). */
  beforeActions?: ReactNode;
  /** The key the entries are kept under across a session that ends before the submit (kept-drafts.ts). */
  keptAs?: string;
}

/** Create and edit form of an event (docs/product.md#events), validated with the contracts' schemas. */
export function EventForm({ mode, initial, submitLabel, cancelTo, busy, serverError, onSubmit, beforeActions, keptAs }: EventFormProps) {
  const { values, set, errors, showErrors, clearErrors, formRef, field, toggle, restored } = useFormState<EventFormValues>(initial, { keptAs });
  const [locating, setLocating] = useState(false);
  // The typed location found only as a place: its middle is shown on the map before it is saved.
  const [located, setLocated] = useState<PointNotice | null>(null);
  const locatedText = noticeAt(located, values.point);
  const farFromPlace = hasErrorCode(serverError, ERROR_CODES.POINT_FAR_FROM_LOCATION) ? serverError.message : null;
  // The server's refusal of the reconfirmation's hours (issue 36) is shown at those fields, not above the buttons.
  const reconfirmationRefused = serverError?.message === MARKET_DAY_MESSAGES.reconfirmationInvalid;

  /** `locationConfirmed`: the organiser keeps a point far from the typed place (issue 30, O1). */
  const submit = async (locationConfirmed = false) => {
    const result = validate(mode === 'create' ? ZEventCreate : ZEventUpdate, eventBody(values));
    // The schema checks the dates of a series only once every other field is valid: the preview's verdict counts at once.
    const series = mode === 'create' ? seriesProblem(seriesPreview(values.startDateTime, values.endDateTime, values.series)) : undefined;
    // The hours are checked together (the deadline after the question): each message goes to the field it is about.
    const hours = reconfirmationErrors(values);
    if (!result.ok || series !== undefined || hours.askHoursBefore !== undefined || hours.deadlineHoursBefore !== undefined) {
      const errors = result.ok ? {} : result.errors;
      showErrors(withPointError({ ...errors, ...hours, series: errors.series ?? series }));
      return;
    }
    clearErrors();
    let point = values.point;
    // Without a point of the organiser's own the typed address is looked up, so the market is on the map where its text says.
    if (!point) {
      setLocating(true);
      const found = await locateTyped(values.location);
      setLocating(false);
      if (found) {
        point = { lat: found.lat, lng: found.lng };
        set('point', point);
        // Only a town's or postcode's middle (Berlin-Mitte for every Berlin address): the organiser sees it on the
        // map first and keeps it with a second press, or moves it; a street found is saved at once.
        if (isPlaceOnly(found)) {
          setLocated({ text: placeOnlyPointNotice(placeName(found)), at: point });
          return;
        }
      }
    }
    const body = eventBody({ ...values, point });
    onSubmit(locationConfirmed ? { ...body, locationConfirmed } : body);
  };

  return (
    <FormCard formRef={formRef} onSubmit={() => void submit()}>
      {restored ? (
        <p className="notice" role="status">
          {DRAFT_RESTORED}
        </p>
      ) : null}
      <p className="field-hint">Mit * markierte Felder sind Pflichtfelder.</p>
      <TextField {...field('name')} label="Name des Flohmarkts" required autoComplete="off" />
      <TextAreaField {...field('description')} label="Beschreibung" />
      <TextAreaField {...field('rules')} label="Regeln" hint="Zum Beispiel Aufbauzeiten oder was nicht verkauft werden darf." />

      <EventLocationFields
        location={values.location}
        point={values.point}
        onLocationChange={(v) => set('location', v)}
        onPointChange={(p) => set('point', p)}
        locationError={errors.location}
        pointError={errors.point}
      />

      <div className="form-row">
        <DateTimeField {...field('startDateTime')} label="Beginn" required />
        <DateTimeField {...field('endDateTime')} label="Ende" required min={values.startDateTime || undefined} />
      </div>

      {mode === 'create' ? (
        <SeriesFields
          startDateTime={values.startDateTime}
          endDateTime={values.endDateTime}
          value={values.series}
          onChange={(series) => set('series', series)}
          error={errors.series}
        />
      ) : null}

      {/* Every field on both forms (issue 30, O4): an organiser sets contact, switch, cap and deadline while creating. */}
      <fieldset className="form-group">
        <legend className="form-group__title">Kontakt und Webseite</legend>
        <div className="form-row">
          <TextField {...field('contactEmail')} label="Kontakt-E-Mail" type="email" autoComplete="email" />
          <TextField {...field('contactPhone')} label="Telefon" type="tel" autoComplete="tel" />
        </div>
        <div className="form-row">
          <TextField {...field('websiteUrl')} label="Webseite" type="url" inputMode="url" placeholder="https://" />
          <TextField {...field('websiteLinkText')} label="Linktext" hint="Ohne Angabe: „Webseite besuchen“" />
        </div>
        <CheckboxField {...toggle('allowStandRegistration')} label="Standanmeldungen erlauben" hint="Ohne Haken können nur du und Admins Stände anmelden." />
      </fieldset>

      <fieldset className="form-group">
        <legend className="form-group__title">Anmeldung und Benachrichtigung</legend>
        <TextField
          {...field('maxStands')}
          label="Maximale Anzahl Stände"
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.maxStandsMax}
          step={1}
          className="field--narrow"
          hint="Optional. Ist die Zahl erreicht, kommen neue Anmeldungen auf die Warteliste und rücken nach, sobald ein Platz frei wird."
        />
        <DateTimeField
          {...field('registrationDeadline')}
          label="Anmeldeschluss"
          max={values.endDateTime || undefined}
          emptyHint="Optional. Ohne Angabe sind Anmeldungen bis zum Ende des Markts möglich."
        />
        <CheckboxField
          asSwitch
          {...toggle('notifyOnRegistration')}
          label="Bei neuen Anmeldungen per E-Mail benachrichtigen"
          hint="Höchstens eine E-Mail je 15 Minuten, mit allen neuen Anmeldungen und einem Link zur Prüfliste."
        />
      </fieldset>

      <ReconfirmationFields
        values={values}
        startDateTime={values.startDateTime}
        onEnabledChange={(enabled) => set('reconfirmationEnabled', enabled)}
        field={(key) => {
          const props = field(key);
          return reconfirmationRefused && key === 'askHoursBefore' ? { ...props, error: props.error ?? serverError?.message } : props;
        }}
      />

      {farFromPlace ? (
        <PointConfirmation message={farFromPlace} busy={busy || locating} onConfirm={() => void submit(true)} />
      ) : (
        <FormMessage message={reconfirmationRefused ? null : serverError?.message} />
      )}
      {locatedText ? (
        <p className="notice" role="status">
          {locatedText} Oder tippe noch einmal auf „{submitLabel}“, um ihn dort zu lassen.
        </p>
      ) : null}
      {beforeActions}
      <FormActions label={submitLabel} busy={busy || locating} busyLabel={locating ? 'Ort wird gesucht …' : 'Wird gespeichert …'}>
        <Link className="button button--ghost" to={cancelTo}>
          Abbrechen
        </Link>
      </FormActions>
    </FormCard>
  );
}
