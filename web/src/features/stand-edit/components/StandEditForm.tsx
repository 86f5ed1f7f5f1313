import { HOLD_MESSAGES, HOLD_MINUTES_DEFAULT, TOASTS, ZStandUpdate, type TLatLng, type TStand } from '@flohmarkt/contracts';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { validate, withPointError } from '@/components/form/field-errors';
import { FormMessage } from '@/components/form/Field';
import { FormActions, FormCard } from '@/components/form/FormCard';
import { useFormState } from '@/components/form/use-form-state';
import { StandCategoryFields } from '@/components/stands/StandCategoryFields';
import { StandAddressFields } from '@/components/stands/StandAddressFields';
import { StandDetailsFields } from '@/components/stands/StandDetailsFields';
import { StandPrivacyFields, privacyOf } from '@/components/stands/StandPrivacyFields';
import { standBody, standFieldError, standToValues, type StandFormValues } from '@/components/stands/stand-form-values';
import { isUnauthorizedError } from '@/lib/api-client';
import { useUpdateStand } from '../api/update-stand';
import { HoldMinutesField } from './HoldMinutesField';
import { paths } from '@/lib/paths';

interface StandEditFormProps {
  stand: TStand;
  /** The location lives in its own editor; a missing one is reported there. */
  onLocationError: (message: string | undefined) => void;
  /** The photo manager and the location editor, in the order of docs/product.md#editing-and-deleting-a-stand; they save themselves. */
  photos: ReactNode;
  location: ReactNode;
}

/**
 * Stand edit (docs/product.md#editing-and-deleting-a-stand): number, description (required), PayPal and the three
 * category groups (at least one product category). The location is the one saved by the location
 * editor; photos are saved by their own calls.
 */
export function StandEditForm({ stand, onLocationError, photos, location }: StandEditFormProps) {
  const navigate = useNavigate();
  const { values, set, errors, showErrors, clearErrors, formRef } = useFormState<StandFormValues>(() => standToValues(stand));
  const update = useUpdateStand(stand);
  const [serverError, setServerError] = useState<string | null>(null);
  const [privacy, setPrivacy] = useState(() => privacyOf(stand));
  // A found address moves the point (the map's own editor saves a point by itself).
  const [addressPoint, setAddressPoint] = useState<TLatLng | null>(null);
  // The items' hold time (issue 35), typed as text; the schema says what is wrong with it.
  const [holdMinutes, setHoldMinutes] = useState(() => String(stand.holdMinutes ?? HOLD_MINUTES_DEFAULT));
  const [holdError, setHoldError] = useState<string | undefined>();

  const submit = () => {
    setServerError(null);
    // The stored position, as the location editor saved it. Photos are left out: they change only
    // through the photo calls, and a list sent from here could be stale while one is processed.
    const body = { ...standBody({ ...values, point: addressPoint ?? standToValues(stand).point }), ...privacy, holdMinutes: Number(holdMinutes.trim() || NaN) };
    const result = validate(ZStandUpdate, body);
    if (!result.ok) {
      const errs = withPointError(result.errors);
      onLocationError(errs.point);
      setHoldError(errs.holdMinutes);
      showErrors(errs);
      return;
    }
    onLocationError(undefined);
    setHoldError(undefined);
    clearErrors();
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: TOASTS.standUpdated });
        navigate(paths.stand(stand.id));
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleSessionExpired();
        // Issue 18: a number another stand of the event has is refused (409), said at the field; so is an address problem.
        const atField = standFieldError(error);
        if (atField) showErrors(atField);
        else if (error.message === HOLD_MESSAGES.holdMinutesInvalid) setHoldError(error.message);
        else setServerError(error.message);
        toastError(TOASTS.standUpdateFailed);
      },
    });
  };

  return (
    <FormCard formRef={formRef} label="Stand bearbeiten" onSubmit={submit}>
      <StandDetailsFields values={values} onChange={set} errors={errors} />
      {photos}
      <StandCategoryFields values={values} onChange={(key, v) => set(key, v)} errors={errors} />
      <StandAddressFields value={values.address} onChange={(a) => set('address', a)} onPoint={setAddressPoint} error={errors.address} />
      {addressPoint ? <p className="notice">Der Punkt auf der Karte folgt der gefundenen Adresse, sobald du speicherst.</p> : null}
      {location}
      <StandPrivacyFields values={privacy} onChange={setPrivacy} />
      <HoldMinutesField
        value={holdMinutes}
        onChange={(value) => {
          setHoldMinutes(value);
          setHoldError(undefined);
        }}
        error={holdError}
      />
      <p className="field-hint">
        Was darf ich verkaufen, was gilt für Essen und Musik? <Link to={paths.standTips()}>Tipps für Stände</Link>
      </p>
      <FormMessage message={serverError} />
      <FormActions label="Änderungen speichern" busy={update.isPending} busyLabel="Wird gespeichert …">
        <Link className="button button--ghost" to={paths.stand(stand.id)}>
          Abbrechen
        </Link>
      </FormActions>
    </FormCard>
  );
}
