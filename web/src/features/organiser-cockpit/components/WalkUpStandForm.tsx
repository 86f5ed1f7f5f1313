import { ERROR_CODES, TOASTS, ZWalkUpStandCreate, type TEvent, type TStand, type TWalkUpStandCreateInput } from '@flohmarkt/contracts';
import { useState } from 'react';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { validate } from '@/components/form/field-errors';
import { FormMessage } from '@/components/form/Field';
import { FormCard } from '@/components/form/FormCard';
import { useFormState } from '@/components/form/use-form-state';
import { GuestNameFields } from '@/components/stands/GuestNameFields';
import { StandCategoryFields } from '@/components/stands/StandCategoryFields';
import { StandDetailsFields } from '@/components/stands/StandDetailsFields';
import { StandLocationField } from '@/components/stands/StandLocationField';
import { EMPTY_STAND_VALUES, standBody, standErrors, type StandFormValues } from '@/components/stands/stand-form-values';
import { useCreateWalkUpStand } from '@/features/stands/api/create-walk-up-stand';
import { hasErrorCode, isUnauthorizedError } from '@/lib/api-client';

interface WalkUpValues extends StandFormValues {
  guestFirstName: string;
  guestLastName: string;
}

const EMPTY: WalkUpValues = { ...EMPTY_STAND_VALUES, guestFirstName: '', guestLastName: '' };

/**
 * 'Stand vor Ort eintragen' (issue 18): the organiser or an admin enters a stand for someone on site,
 * with or without their name and without an e-mail; the stand is approved at once. The same rules
 * as the guest form otherwise (description, a category, the 15 km rule for an optional point).
 */
export function WalkUpStandForm({ event, onAdded }: { event: TEvent; onAdded: (stand: TStand) => void }) {
  const { values, setValues, set, errors, showErrors, clearErrors, formRef } = useFormState<WalkUpValues>(EMPTY);
  const create = useCreateWalkUpStand(event.id);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = () => {
    setServerError(null);
    const body = { guestFirstName: values.guestFirstName, guestLastName: values.guestLastName, ...standBody(values) } as TWalkUpStandCreateInput;
    const errs = standErrors(validate(ZWalkUpStandCreate, body), event, values.point);
    if (Object.values(errs).some(Boolean)) return showErrors(errs);
    clearErrors();
    create.mutate(body, {
      onSuccess: (stand) => {
        toast({ title: TOASTS.walkUpStandAdded });
        setValues(EMPTY);
        onAdded(stand);
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleSessionExpired();
        // A number another stand of the event has is refused (409): said at the field; the 15 km answer under the map.
        if (hasErrorCode(error, ERROR_CODES.STAND_NUMBER_TAKEN)) showErrors({ standNumber: error.message });
        else if (hasErrorCode(error, ERROR_CODES.STAND_TOO_FAR)) showErrors({ point: error.message });
        else setServerError(error.message);
        toastError(TOASTS.walkUpStandFailed);
      },
    });
  };

  return (
    <FormCard formRef={formRef} label="Stand vor Ort eintragen" onSubmit={submit}>
      <p className="field-hint">
        Für jemanden ohne Konto, zum Beispiel am Markttag: Der Stand ist sofort freigegeben. Mit * markierte Felder sind Pflichtfelder.
      </p>
      <GuestNameFields idPrefix="walkUp" enteredBy="organiser" values={values} onChange={set} errors={errors} />
      <StandDetailsFields idPrefix="walkUp" voice="theirs" values={values} onChange={set} errors={errors} />
      <StandCategoryFields idPrefix="walk-up-" values={values} onChange={(key, v) => set(key, v)} errors={errors} />
      <StandLocationField
        id="walkUpPoint"
        event={event}
        value={values.point}
        onChange={(p) => set('point', p)}
        error={errors.point}
        removable
        legend="Standort auf der Karte (optional)"
      />
      <FormMessage message={serverError} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Wird eingetragen …' : 'Stand eintragen'}
        </button>
      </div>
    </FormCard>
  );
}
