import { TOASTS, ZWalkUpStandCreate, type TEvent, type TWalkUpStandCreateInput } from '@flohmarkt/contracts';
import { useState } from 'react';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { validate } from '@/components/form/field-errors';
import { FormMessage } from '@/components/form/Field';
import { FormActions, FormCard } from '@/components/form/FormCard';
import { useFormState } from '@/components/form/use-form-state';
import { AccountlessStandFields } from '@/components/stands/AccountlessStandFields';
import { EMPTY_ACCOUNTLESS_VALUES, standBody, standErrors, standFieldError, type AccountlessStandValues } from '@/components/stands/stand-form-values';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { useCreateWalkUpStand } from '@/features/stands/api/create-walk-up-stand';
import { isUnauthorizedError } from '@/lib/api-client';
import '@/components/form/forms.css';

/**
 * The walk-up stand on the day, entered by the organiser or the team: the same fields and rules as
 * the organiser cockpit's "Stand vor Ort eintragen" (a feature shows only its own parts, so the form
 * is composed here from the same shared fields and the same call); the stand is approved at once.
 */
export function WalkUpForm({ event, onAdded }: { event: TEvent; onAdded: () => void }) {
  const { values, setValues, set, errors, showErrors, clearErrors, formRef } = useFormState<AccountlessStandValues>(EMPTY_ACCOUNTLESS_VALUES);
  const create = useCreateWalkUpStand(event.id);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = () => {
    setServerError(null);
    const body = { guestFirstName: values.guestFirstName, guestLastName: values.guestLastName, ...standBody(values) } as TWalkUpStandCreateInput;
    const errs = standErrors(validate(ZWalkUpStandCreate, body), event, values.point);
    if (Object.values(errs).some(Boolean)) return showErrors(errs);
    clearErrors();
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: TOASTS.walkUpStandAdded });
        setValues(EMPTY_ACCOUNTLESS_VALUES);
        onAdded();
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleSessionExpired();
        const atField = standFieldError(error);
        if (atField) showErrors(atField);
        else setServerError(error.message);
        toastError(TOASTS.walkUpStandFailed);
      },
    });
  };

  return (
    <FormCard formRef={formRef} label="Spontanen Stand eintragen" onSubmit={submit}>
      <p className="field-hint">Für jemanden, der heute ohne Anmeldung kommt: Der Stand ist sofort freigegeben. Mit * markierte Felder sind Pflichtfelder.</p>
      <AccountlessStandFields enteredBy="organiser" event={event} values={values} onChange={set} errors={errors} />
      <FormMessage message={serverError} />
      <FormActions label="Stand eintragen" busy={create.isPending} busyLabel="Wird eingetragen …" />
    </FormCard>
  );
}
