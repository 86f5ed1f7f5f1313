import { RECONFIRMATION_ASK_HOURS, RECONFIRMATION_DEADLINE_HOURS, formatShortDayTime } from '@flohmarkt/contracts';
import { CheckboxField, TextField } from '@/components/form/Field';
import { reconfirmationPlan, type ReconfirmationValues } from '../lib/reconfirmation-values';

type HoursKey = 'askHoursBefore' | 'deadlineHoursBefore';

interface ReconfirmationFieldsProps {
  values: ReconfirmationValues;
  /** The form's Beginn (a datetime-local value): the times are said in days and hours once it is set. */
  startDateTime: string;
  onEnabledChange: (enabled: boolean) => void;
  field: (key: HoursKey) => { id: string; value: string; onValueChange: (value: string) => void; error?: string };
}

type HoursFieldProps = ReturnType<ReconfirmationFieldsProps['field']> & { label: string; range: { min: number; max: number }; after?: string };

/** A whole number of hours within the range the server takes (contracts), the range said beneath. */
function HoursField({ range, after = '', ...field }: HoursFieldProps) {
  return (
    <TextField
      {...field}
      type="number"
      inputMode="numeric"
      min={range.min}
      max={range.max}
      step={1}
      className="field--narrow"
      hint={`${range.min} bis ${range.max} Stunden${after}`}
    />
  );
}

/**
 * "Rückmeldung vor dem Markttag" (issue 36): the sellers are asked by mail whether they come; who does
 * not answer by the deadline loses the place, and the waitlist moves up. Off by default.
 */
export function ReconfirmationFields({ values, startDateTime, onEnabledChange, field }: ReconfirmationFieldsProps) {
  const plan = values.reconfirmationEnabled ? reconfirmationPlan(startDateTime, values) : null;
  return (
    <fieldset className="form-group">
      <legend className="form-group__title">Rückmeldung vor dem Markttag</legend>
      <CheckboxField
        asSwitch
        id="reconfirmationEnabled"
        checked={values.reconfirmationEnabled}
        onCheckedChange={onEnabledChange}
        label="Verkäufer vorher fragen, ob sie kommen"
        hint="Wer bis zur Frist nicht antwortet oder absagt, gibt den Platz frei; die Warteliste rückt nach."
      />
      {values.reconfirmationEnabled ? (
        <>
          <div className="form-row">
            <HoursField {...field('askHoursBefore')} label="Fragen (Stunden vor Beginn)" range={RECONFIRMATION_ASK_HOURS} />
            <HoursField {...field('deadlineHoursBefore')} label="Frist (Stunden vor Beginn)" range={RECONFIRMATION_DEADLINE_HOURS} after=", nach der Frage" />
          </div>
          {plan ? (
            <p className="field-hint" aria-live="polite">
              Die E-Mail „Bist du dabei?“ geht am {formatShortDayTime(plan.askAt)} raus, die Frist endet am {formatShortDayTime(plan.deadline)}.
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
