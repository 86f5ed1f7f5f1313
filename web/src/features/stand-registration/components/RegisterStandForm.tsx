import { LIMITS, TOASTS, VALIDATION, ZStandCreate, type TEvent, type TStand } from '@flohmarkt/contracts';
import { useState } from 'react';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { validate } from '@/components/form/field-errors';
import { FormMessage } from '@/components/form/Field';
import { FormActions, FormCard } from '@/components/form/FormCard';
import { DRAFT_RESTORED, standDraftKey } from '@/components/form/kept-drafts';
import { useFormState } from '@/components/form/use-form-state';
import { isApiError } from '@/lib/api-client';
import { WAITLIST_FORM_NOTICE, isBookedUp, registeredDescription } from '@/lib/capacity';
import { PhotoPicker } from '@/components/photos/PhotoPicker';
import { earlierPhotos, type ChosenPhoto, type PhotoUploadState } from '@/components/photos/chosen-photos';
import { uploadChosenPhotos } from '@/components/photos/upload-chosen-photos';
import { photoStates } from '@/lib/photo-states';
import { useRegisterStand, useRegistrationRefresh } from '../api/register-stand';
import { LAST_TIME_NOTICE, lastTimeValues } from '../api/last-time-values';
import { useLastTimePhotos } from '../api/use-last-time-photos';
import { PhotosNotUploaded } from './PhotosNotUploaded';
import { EMPTY_STAND_VALUES, standBody, standErrors, standFieldError, standToValues, type StandFormValues } from '@/components/stands/stand-form-values';
import { StandCategoryFields } from '@/components/stands/StandCategoryFields';
import { StandDetailsFields } from '@/components/stands/StandDetailsFields';
import { StandLocationField } from '@/components/stands/StandLocationField';
import { StandAddressFields, fillFromMap } from '@/components/stands/StandAddressFields';
import { ADDRESS_LOOKUP_LABEL, useTypedAddressPoint } from '@/components/stands/typed-address-point';
import { DEFAULT_STAND_PRIVACY, StandPrivacyFields, privacyOf } from '@/components/stands/StandPrivacyFields';
import { RegistrationDeadline } from '@/components/ui/RegistrationDeadline';

export type RegisterOutcome = { kind: 'registered'; stand: TStand } | { kind: 'already-registered' } | { kind: 'unavailable'; reason: string };

interface RegisterStandFormProps {
  event: TEvent;
  userId: string;
  onDone: (outcome: RegisterOutcome) => void;
  /** The user's own withdrawn or rejected stand at this event: registering again starts from its details, position and privacy choice. */
  startFrom?: TStand;
  /**
   * The stand of an invitation's link (issue 34), as its read answered: the form starts from its details,
   * address, position and photos. Ignored when there is a `startFrom`, the seller's own choice at this market.
   */
  lastTime?: TStand;
}

/** The earlier stand's photos that can be carried over: those the worker has finished (the others cannot be read). */
function readyPhotos(stand: TStand | undefined): ChosenPhoto[] {
  if (!stand) return [];
  return earlierPhotos(
    photoStates(stand)
      .filter((photo) => photo.state === 'ready')
      .map((photo) => photo.path)
      .slice(0, LIMITS.maxPhotosPerStand),
  );
}

const SEND_LABEL = 'Stand anmelden';

/** The registered stand while its photos go up, and when one of them failed. */
type Sending = { stand: TStand; failed: number | null };

/**
 * Register stand (docs/product.md#registering-a-stand): number or name, description (10 characters), categories
 * (at least one), photos (issue 30: taken with the camera or several from the gallery, uploaded one after
 * the other once the stand exists), the position on the map (required, at most 15 km from the market:
 * checked here before sending and by the server; a typed address without a point is looked up first). Starting
 * from a withdrawn stand carries its photos over.
 */
export function RegisterStandForm({ event, userId, onDone, startFrom, lastTime: invitedFrom }: RegisterStandFormProps) {
  const lastTime = startFrom ? undefined : invitedFrom;
  const { values, set, errors, showErrors, clearErrors, formRef, restored } = useFormState<StandFormValues>(
    startFrom ? standToValues(startFrom) : lastTime ? lastTimeValues(lastTime) : EMPTY_STAND_VALUES,
    // Kept when the page is left before "Stand anmelden" (a dropped tab, a reload, the sign-in); chosen photos cannot be.
    { keptAs: standDraftKey('register-stand', event.id) },
  );
  const register = useRegisterStand(event.id, userId);
  const typedPoint = useTypedAddressPoint(values.point, (point) => set('point', point), SEND_LABEL);
  const [serverError, setServerError] = useState<string | null>(null);
  const [privacy, setPrivacy] = useState(startFrom ? privacyOf(startFrom) : DEFAULT_STAND_PRIVACY);
  const [photos, setPhotos] = useState<ChosenPhoto[]>(() => readyPhotos(startFrom));
  const [photoUploads, setPhotoUploads] = useState<Record<string, PhotoUploadState>>({});
  const [sending, setSending] = useState<Sending | null>(null);
  const refresh = useRegistrationRefresh(event.id, userId);
  const stopLastTimePhotos = useLastTimePhotos(lastTime, setPhotos);

  // Said as the page moves on, not while the photos still go up under the form.
  const finish = (stand: TStand) => {
    toast({
      title: TOASTS.standRegistered,
      description: registeredDescription(stand, 'Dein Stand wartet jetzt auf die Bestätigung durch den Organisator.'),
    });
    onDone({ kind: 'registered', stand });
    void refresh();
  };

  /** The stand exists: the chosen photos go up; the user moves on unless one failed (then they are told which and why). */
  const sendPhotos = async (stand: TStand) => {
    if (photos.length === 0) return finish(stand);
    setSending({ stand, failed: null });
    const summary = await uploadChosenPhotos(stand.id, photos, {
      onState: (key, state) => setPhotoUploads((current) => ({ ...current, [key]: state })),
    });
    if (summary.failed.length === 0) return finish(stand);
    setSending({ stand, failed: summary.failed.length });
  };

  const send = () => {
    setServerError(null);
    const body = { eventId: event.id, ...standBody(values), ...privacy };
    const errs = standErrors(validate(ZStandCreate, body), event, values.point);
    if (Object.values(errs).some(Boolean)) {
      showErrors(errs);
      if (errs.categories) toastError(VALIDATION.standCategoriesRequiredToast);
      return;
    }
    clearErrors();
    stopLastTimePhotos();
    register.mutate(body, {
      onSuccess: (stand) => void sendPhotos(stand),
      onError: (error) => {
        if (!isApiError(error)) return toastError(TOASTS.standRegisterFailed);
        if (error.status === 401) return handleSessionExpired();
        if (error.status === 409) return onDone({ kind: 'already-registered' });
        if (error.status === 403) return onDone({ kind: 'unavailable', reason: error.message });
        // The server's 15 km answer belongs under the map, not above the buttons.
        const atField = standFieldError(error);
        if (atField) showErrors(atField);
        else setServerError(error.message);
        toastError(TOASTS.standRegisterFailed);
      },
    });
  };

  if (sending?.failed) {
    return (
      <PhotosNotUploaded
        stand={sending.stand}
        photos={photos}
        states={photoUploads}
        failed={sending.failed}
        onContinue={() => finish(sending.stand)}
        onLeave={() => void refresh()}
      />
    );
  }
  const busy = register.isPending || sending !== null || typedPoint.locating;

  return (
    <FormCard formRef={formRef} onSubmit={() => typedPoint.sendOrLocate(values.address, send)}>
      {isBookedUp(event) ? <p className="notice notice--warning">{WAITLIST_FORM_NOTICE}</p> : null}
      {startFrom ? (
        <p className="notice">
          Wir haben die Angaben deines früheren Stands übernommen: Beschreibung, Kategorien, {photos.length > 0 ? 'Fotos, ' : ''}Position und Sichtbarkeit.
          Prüfe sie und melde den Stand erneut an.
        </p>
      ) : null}
      {lastTime ? <p className="notice">{LAST_TIME_NOTICE}</p> : null}
      {restored ? (
        <p className="notice" role="status">
          {DRAFT_RESTORED} Fotos wähle bitte noch einmal aus.
        </p>
      ) : null}
      <RegistrationDeadline event={event} />
      <p className="field-hint">Mit * markierte Felder sind Pflichtfelder.</p>
      <StandDetailsFields values={values} onChange={set} errors={errors} />
      <StandCategoryFields values={values} onChange={(key, v) => set(key, v)} errors={errors} />
      <PhotoPicker photos={photos} onChange={setPhotos} max={LIMITS.maxPhotosPerStand} states={photoUploads} disabled={busy} />
      <StandAddressFields
        value={values.address}
        onChange={(a) => set('address', a)}
        onPoint={(p) => set('point', p)}
        point={values.point}
        error={errors.address}
      />
      <StandLocationField
        event={event}
        value={values.point}
        onChange={(p) => set('point', p)}
        onAddress={(found) => set('address', fillFromMap(values.address, found))}
        error={errors.point}
        required
      />
      <StandPrivacyFields values={privacy} onChange={setPrivacy} />
      <FormMessage message={serverError} />
      {typedPoint.notice()}
      <FormActions
        label={SEND_LABEL}
        busy={busy}
        busyLabel={sending ? 'Fotos werden hochgeladen …' : typedPoint.locating ? ADDRESS_LOOKUP_LABEL : 'Wird angemeldet …'}
      />
    </FormCard>
  );
}
