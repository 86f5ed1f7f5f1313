import { TOASTS, ZWalkUpStandCreate, type TEvent, type TStand, type TWalkUpStandCreateInput } from '@flohmarkt/contracts';
import { useState } from 'react';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { validate } from '@/components/form/field-errors';
import { FormMessage } from '@/components/form/Field';
import { FormActions, FormCard } from '@/components/form/FormCard';
import { useFormState } from '@/components/form/use-form-state';
import '@/components/form/forms.css';
import { AccountlessStandFields } from '@/components/stands/AccountlessStandFields';
import { ADDRESS_LOOKUP_LABEL, useTypedAddressPoint } from '@/components/stands/typed-address-point';
import { EMPTY_ACCOUNTLESS_VALUES, standBody, standErrors, standFieldError, type AccountlessStandValues } from '@/components/stands/stand-form-values';
import { useCreateWalkUpStand } from '@/features/stands/api/create-walk-up-stand';
import { isApiError, isUnauthorizedError } from '@/lib/api-client';

const SEND_LABEL = 'Stand eintragen';

/**
 * 'Stand vor Ort eintragen' (issue 18): the organiser, an admin or (issue 36) the market's team, in the
 * organiser's cockpit or on the market day's page, enters a stand for someone on site, with or without
 * their name and without an e-mail; the stand is approved at once. The same rules
 * as the guest form otherwise (description, a category, the 15 km rule for an optional point).
 */
export function WalkUpStandForm({ event, onAdded }: { event: TEvent; onAdded: (stand: TStand) => void }) {
  const { values, setValues, set, errors, showErrors, clearErrors, formRef } = useFormState<AccountlessStandValues>(EMPTY_ACCOUNTLESS_VALUES);
  const create = useCreateWalkUpStand(event.id);
  const [serverError, setServerError] = useState<string | null>(null);
  const typedPoint = useTypedAddressPoint(values.point, (point) => set('point', point), SEND_LABEL);

  const send = () => {
    setServerError(null);
    const body = { guestFirstName: values.guestFirstName, guestLastName: values.guestLastName, ...standBody(values) } as TWalkUpStandCreateInput;
    const errs = standErrors(validate(ZWalkUpStandCreate, body), event, values.point);
    if (Object.values(errs).some(Boolean)) return showErrors(errs);
    clearErrors();
    create.mutate(body, {
      onSuccess: (stand) => {
        toast({ title: TOASTS.walkUpStandAdded });
        setValues(EMPTY_ACCOUNTLESS_VALUES);
        onAdded(stand);
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleSessionExpired();
        // A number another stand of the event has (409) and an address problem are said at their field; the 15 km answer under the map.
        const atField = standFieldError(error);
        if (atField) showErrors(atField);
        else setServerError(error.message);
        // The server's German reason where it gave one (the market is over, …), not only that it failed.
        toastError(isApiError(error) ? `${TOASTS.walkUpStandFailed} ${error.message}` : TOASTS.walkUpStandFailed);
      },
    });
  };

  return (
    <FormCard formRef={formRef} label="Stand vor Ort eintragen" onSubmit={() => typedPoint.sendOrLocate(values.address, send)}>
      <p className="field-hint">
        Für jemanden ohne Konto, zum Beispiel am Markttag: Der Stand ist sofort freigegeben. Mit * markierte Felder sind Pflichtfelder.
      </p>
      <AccountlessStandFields enteredBy="organiser" event={event} values={values} onChange={set} errors={errors} />
      <FormMessage message={serverError} />
      {typedPoint.notice()}
      <FormActions
        label={SEND_LABEL}
        busy={create.isPending || typedPoint.locating}
        busyLabel={typedPoint.locating ? ADDRESS_LOOKUP_LABEL : 'Wird eingetragen …'}
      />
    </FormCard>
  );
}
