import type { TStand } from '@flohmarkt/contracts';
import { standToValues, type StandFormValues } from '@/components/stands/stand-form-values';

// Apart from the read (last-time-stand.ts): the event page's guest card reads the stand in its first
// chunk, and the form code behind these values loads only with the forms.

/**
 * The form's values from last time's stand: its description, categories, PayPal, address and position
 * (when the read has them). Not its number: that is the new market's, given by its organiser.
 */
export function lastTimeValues(stand: TStand): StandFormValues {
  return { ...standToValues(stand), standNumber: '' };
}

/** Said above a form pre-filled from last time's stand. */
export const LAST_TIME_NOTICE = 'Vorausgefüllt mit deinem Stand vom letzten Mal – bitte prüfe die Angaben.';
