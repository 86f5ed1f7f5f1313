import { ITEM_MESSAGES, VALIDATION, ZItemCreate, type TItem, type TItemCreate } from '@flohmarkt/contracts';
import { validate, type FieldErrors } from '@/components/form/field-errors';
import { eurosInput, parseEuros, type PriceKind } from './price';

/** An item as its form holds it: the amount as typed, in euros. */
export interface ItemFormValues {
  title: string;
  priceKind: PriceKind;
  amount: string;
  category: string;
}

export const AMOUNT_MESSAGE = 'Bitte gib den Preis in Euro ein, z. B. 12,50.';

export function emptyItemValues(category = ''): ItemFormValues {
  return { title: '', priceKind: 'fixed', amount: '', category };
}

export function itemValues(item: TItem): ItemFormValues {
  return { title: item.title, priceKind: item.price.kind, amount: eurosInput(item.price.cents), category: item.category };
}

function priceOf(values: ItemFormValues, cents: number | null): TItemCreate['price'] {
  if (values.priceKind === 'free') return { kind: 'free' };
  if (values.priceKind === 'negotiable') return cents === null ? { kind: 'negotiable' } : { kind: 'negotiable', cents };
  return { kind: 'fixed', cents: cents ?? -1 };
}

/**
 * The body the server takes, or the message per field. The amount is checked here (a text the
 * schema never sees); title and category with the contracts' schema, as the server checks them.
 */
export function itemBody(values: ItemFormValues): { ok: true; body: TItemCreate } | { ok: false; errors: FieldErrors } {
  const typed = values.amount.trim();
  const cents = typed === '' ? null : parseEuros(typed);
  const amountWrong = values.priceKind !== 'free' && (typed === '' ? values.priceKind === 'fixed' : cents === null);
  const checked = validate(ZItemCreate, { title: values.title, price: priceOf(values, cents), category: values.category });
  if (checked.ok && !amountWrong) return { ok: true, body: checked.data };
  // The price's messages stand at the amount: typing there clears them.
  const { price, ...errors } = checked.ok ? ({} as FieldErrors) : checked.errors;
  return { ok: false, errors: { ...errors, amount: amountWrong ? AMOUNT_MESSAGE : price } };
}

/** Which field a server's 400 is about, so it shows under it; null: a message for the whole form. */
export function fieldOfMessage(message: string): 'title' | 'amount' | 'category' | null {
  if (message === ITEM_MESSAGES.titleRequired || message === ITEM_MESSAGES.titleTooLong) return 'title';
  if (message === ITEM_MESSAGES.priceInvalid || message === ITEM_MESSAGES.centsInvalid) return 'amount';
  if (message === VALIDATION.invalidStandCategory) return 'category';
  return null;
}
