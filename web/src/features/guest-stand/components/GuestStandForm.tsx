import { LIMITS, TOASTS, ZGuestStandCreate, optionalEmail, type TEvent, type TStand } from '@flohmarkt/contracts';
import { useEffect, useState } from 'react';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { validate } from '@/components/form/field-errors';
import { FormMessage, TextField } from '@/components/form/Field';
import { FormActions, FormCard } from '@/components/form/FormCard';
import { DRAFT_RESTORED, standDraftKey } from '@/components/form/kept-drafts';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { useFormState } from '@/components/form/use-form-state';
import { AccountlessStandFields } from '@/components/stands/AccountlessStandFields';
import { ADDRESS_LOOKUP_LABEL, useTypedAddressPoint } from '@/components/stands/typed-address-point';
import { EMPTY_ACCOUNTLESS_VALUES, standBody, standErrors, standFieldError, type AccountlessStandValues } from '@/components/stands/stand-form-values';
import { WAITLIST_FORM_NOTICE, isBookedUp, registeredDescription } from '@/lib/capacity';
import { manageTokenOf, useCreateGuestStand, type GuestStandCreated, type GuestStandCreatedAnswer } from '../api/create-guest-stand';
import { RegistrationDeadline } from '@/components/ui/RegistrationDeadline';
import { PhotoPicker } from '@/components/photos/PhotoPicker';
import type { ChosenPhoto, PhotoUploadState } from '@/components/photos/chosen-photos';
import { uploadChosenPhotos } from '@/components/photos/upload-chosen-photos';
import { LAST_TIME_NOTICE, lastTimeValues } from '@/features/stand-registration/api/last-time-values';
import { useLastTimePhotos } from '@/features/stand-registration/api/use-last-time-photos';

interface GuestValues extends AccountlessStandValues {
  guestEmail: string;
}

const EMPTY: GuestValues = { ...EMPTY_ACCOUNTLESS_VALUES, guestEmail: '' };

// Said beside the field, so the guest knows what the address is for before giving it (issue 17).
const SEND_LABEL = 'Anmeldung absenden';
const EMAIL_CONSENT = 'Wir schicken dir Bestätigung und Statusänderungen an diese Adresse und löschen sie nach dem Markt.';

/** The body's address: left out when blank, so the server stores none. */
function emailPart(value: string): { guestEmail?: string } {
  const trimmed = value.trim();
  return trimmed === '' ? {} : { guestEmail: trimmed };
}

interface GuestStandFormProps {
  event: TEvent;
  onSubmitted: (created: GuestStandCreated) => void;
  focusRequest?: number;
  /** The stand of an invitation's link (issue 34), as its public read answered: the form starts from its details, address and position. */
  lastTime?: TStand;
}

/**
 * The guest registration form (docs/product.md#guest-stands): first name (required), last name, stand
 * number or name, an optional e-mail address for the confirmation and status mails (issue 17),
 * description (10 characters), PayPal, three category groups, an optional point on the map that can be
 * removed again, up to 3 photos (uploaded one after the other once the stand exists, by the manage
 * link's token the answer brings; an invitation's form starts with last time's); submit and reset.
 * Each new `focusRequest` (above 0) scrolls its card into view and focuses the first field (the
 * hero's "Ohne Konto anmelden", issue 30).
 */
export function GuestStandForm({ event, onSubmitted, focusRequest = 0, lastTime }: GuestStandFormProps) {
  const { values, setValues, set, errors, showErrors, clearErrors, formRef, field, restored } = useFormState<GuestValues>(
    lastTime ? { ...EMPTY, ...lastTimeValues(lastTime) } : EMPTY,
    // A phone that drops the tab while a photo is taken or chosen must not cost the guest what was typed.
    { keptAs: standDraftKey('guest-stand', event.id) },
  );

  useEffect(() => {
    const form = formRef.current;
    if (focusRequest === 0 || !form) return;
    // The card's heading in view below the sticky header (scroll-padding-top in base.css); jsdom has no scrolling.
    (form.closest('.guest-stand-card') ?? form).scrollIntoView?.({ block: 'start' });
    form.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  }, [focusRequest, formRef]);
  const create = useCreateGuestStand(event.id);
  const typedPoint = useTypedAddressPoint(values.point, (point) => set('point', point), SEND_LABEL);
  const [serverError, setServerError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [photoUploads, setPhotoUploads] = useState<Record<string, PhotoUploadState>>({});
  const [sendingPhotos, setSendingPhotos] = useState(false);
  const stopLastTimePhotos = useLastTimePhotos(lastTime, setPhotos);

  /** The stand exists: the chosen photos go up by its manage token; the confirmation says how many failed. */
  const sendPhotos = async (stand: GuestStandCreatedAnswer): Promise<number> => {
    const manageToken = manageTokenOf(stand.manageUrl);
    if (photos.length === 0 || !manageToken) return 0;
    setSendingPhotos(true);
    const summary = await uploadChosenPhotos(
      stand.id,
      photos,
      { onState: (key, state) => setPhotoUploads((current) => ({ ...current, [key]: state })) },
      { manageToken },
    );
    setSendingPhotos(false);
    return summary.failed.length;
  };

  const send = () => {
    setServerError(null);
    const email = emailPart(values.guestEmail);
    const body = { guestFirstName: values.guestFirstName, guestLastName: values.guestLastName, ...email, ...standBody(values) };
    const errs = standErrors(validate(ZGuestStandCreate, body), event, values.point);
    // The same rule as the server's optional e-mail fields (contracts' optionalEmail).
    const emailCheck = optionalEmail().safeParse(email.guestEmail);
    if (!emailCheck.success && !errs.guestEmail) errs.guestEmail = emailCheck.error.issues[0]?.message;
    if (Object.values(errs).some(Boolean)) return showErrors(errs);
    clearErrors();
    stopLastTimePhotos();
    create.mutate(body, {
      onSuccess: async (stand) => {
        toast({ title: TOASTS.registrationSucceeded, description: registeredDescription(stand, 'Deine Stand-Anmeldung wird nun vom Organisator geprüft.') });
        const photosFailed = await sendPhotos(stand);
        setValues(EMPTY);
        setPhotos([]);
        setPhotoUploads({});
        onSubmitted({
          manageUrl: stand.manageUrl,
          mailedTo: email.guestEmail ?? null,
          waitlisted: stand.status === 'waitlisted',
          waitlistPosition: stand.waitlistPosition ?? null,
          photosFailed,
        });
      },
      onError: (error) => {
        // The server's 15 km answer belongs under the map, an address problem at the address, not above the buttons.
        const atField = standFieldError(error);
        if (atField) showErrors(atField);
        else setServerError(error.message);
        toastError(TOASTS.guestRegistrationFailed);
      },
    });
  };

  const reset = () => {
    setValues(EMPTY);
    setPhotos([]);
    setPhotoUploads({});
    clearErrors();
    setServerError(null);
  };
  // „Zurücksetzen“ sits right under the send button: a slip of the thumb must not cost what was typed.
  const typed = photos.length > 0 || JSON.stringify(values) !== JSON.stringify(EMPTY);
  const confirmReset = useConfirmation<true>((_, done) => {
    reset();
    done();
  });
  const busy = create.isPending || sendingPhotos || typedPoint.locating;

  return (
    <FormCard formRef={formRef} onSubmit={() => typedPoint.sendOrLocate(values.address, send)} onReset={() => (typed ? confirmReset.ask(true) : reset())}>
      {isBookedUp(event) ? <p className="notice notice--warning">{WAITLIST_FORM_NOTICE}</p> : null}
      {lastTime ? <p className="notice">{LAST_TIME_NOTICE}</p> : null}
      {restored ? (
        <p className="notice" role="status">
          {DRAFT_RESTORED} Fotos wähle bitte noch einmal aus.
        </p>
      ) : null}
      <RegistrationDeadline event={event} />
      <p className="field-hint">
        Ohne Konto: Der Organisator prüft deine Anmeldung. Deine Angaben lassen sich danach nicht mehr ändern. Mit * markierte Felder sind Pflichtfelder.
      </p>
      <AccountlessStandFields
        enteredBy="guest"
        event={event}
        values={values}
        onChange={set}
        errors={errors}
        contact={<TextField {...field('guestEmail')} label="E-Mail (optional)" type="email" autoComplete="email" inputMode="email" hint={EMAIL_CONSENT} />}
      />
      <PhotoPicker photos={photos} onChange={setPhotos} max={LIMITS.maxPhotosPerStand} states={photoUploads} disabled={busy} />
      <p className="field-hint">Fotos kannst du auch später über deinen privaten Link hinzufügen oder löschen.</p>
      <FormMessage message={serverError} />
      {typedPoint.notice()}
      <FormActions
        label={SEND_LABEL}
        busy={busy}
        busyLabel={sendingPhotos ? 'Fotos werden hochgeladen …' : typedPoint.locating ? ADDRESS_LOOKUP_LABEL : 'Wird gesendet …'}
      >
        {/* Not while sending: a double tap on the send button would land here (the form's layout moves) and empty it. */}
        <button type="reset" className="button button--ghost" disabled={busy}>
          Zurücksetzen
        </button>
      </FormActions>
      <ConfirmDialog title="Eingaben löschen?" confirmLabel="Eingaben löschen" {...confirmReset.dialog}>
        <p>Alles, was du in dieses Formular eingegeben hast, und die gewählten Fotos werden entfernt.</p>
      </ConfirmDialog>
    </FormCard>
  );
}
