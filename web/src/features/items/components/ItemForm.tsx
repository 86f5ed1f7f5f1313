import { ITEM_TITLE_MAX_LENGTH, STAND_CATEGORIES, type TItemCreate } from '@flohmarkt/contracts';
import { useState } from 'react';
import { FieldFrame, FieldText, FormMessage, TextField, fieldAria } from '@/components/form/Field';
import { useFormState } from '@/components/form/use-form-state';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { isUnauthorizedError } from '@/lib/api-client';
import { fieldOfMessage, itemBody, type ItemFormValues } from '../lib/item-form-values';
import type { PriceKind } from '../lib/price';

const PRICE_KINDS: { value: PriceKind; label: string }[] = [
  { value: 'fixed', label: 'Festpreis' },
  { value: 'negotiable', label: 'VB' },
  { value: 'free', label: 'Zu verschenken' },
];

interface ItemFormProps {
  /** Tells the ids of several forms on one page apart (the new item's and each one edited). */
  idPrefix: string;
  initial: ItemFormValues;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  busy: boolean;
  /** Sends the body; a refusal comes back as the rejected promise's error. */
  onSave: (body: TItemCreate) => Promise<unknown>;
  /** After a successful save, with what was saved: the new item's form empties itself, an edited one closes. */
  onSaved: (saved: TItemCreate) => void;
  onCancel?: () => void;
  /** An item's form opened by its „Bearbeiten“: the focus goes to its first field, where the button was. */
  focusFirst?: boolean;
}

/** Title, price (Festpreis / VB / Zu verschenken with an amount in euros) and category of one item. */
export function ItemForm({ idPrefix, initial, label, submitLabel, busy, onSave, onSaved, onCancel, focusFirst = false }: ItemFormProps) {
  const { values, set, errors, showErrors, clearErrors, formRef } = useFormState<ItemFormValues>(initial);
  const [formError, setFormError] = useState<string | null>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = () => {
    setFormError(null);
    const checked = itemBody(values);
    if (!checked.ok) return showErrors(checked.errors);
    clearErrors();
    onSave(checked.body).then(
      () => onSaved(checked.body),
      (error: Error) => {
        if (isUnauthorizedError(error)) return handleSessionExpired();
        // A field's 400 stands under its field; anything else (20 reached, 403, 404) under the form.
        const field = fieldOfMessage(error.message);
        if (field) showErrors({ [field]: error.message });
        else setFormError(error.message);
      },
    );
  };

  const choosePriceKind = (kind: PriceKind) => {
    set('priceKind', kind);
    // Another kind of price is another question: the amount's message goes with the old one.
    set('amount', values.amount);
  };

  const amountShown = values.priceKind !== 'free';
  return (
    <form
      ref={formRef}
      className="item-form"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        id={id('title')}
        label="Titel"
        required
        maxLength={ITEM_TITLE_MAX_LENGTH}
        // The limit said before it is reached, counted like a reason's (ReasonField): the field cuts what is longer.
        hint={`Was es ist, z. B. „Kinderfahrrad 20 Zoll“. ${values.title.length} von ${ITEM_TITLE_MAX_LENGTH} Zeichen`}
        autoFocus={focusFirst}
        value={values.title}
        onValueChange={(value) => set('title', value)}
        error={errors.title}
      />
      {/* Without an amount field the message belongs to the choice itself (focused after a failed save). */}
      <fieldset
        className="field item-form__price"
        data-invalid={!amountShown && errors.amount ? true : undefined}
        aria-describedby={!amountShown && errors.amount ? `${id('amount')}-error` : undefined}
      >
        <legend className="field-label">Preis</legend>
        <div className="item-form__kinds">
          {PRICE_KINDS.map((kind) => (
            <label key={kind.value} className="checkbox">
              <input
                type="radio"
                name={id('priceKind')}
                value={kind.value}
                checked={values.priceKind === kind.value}
                onChange={() => choosePriceKind(kind.value)}
              />
              {kind.label}
            </label>
          ))}
        </div>
        {amountShown ? (
          <div className="field">
            <label className="field-label" htmlFor={id('amount')}>
              {values.priceKind === 'fixed' ? 'Betrag in Euro' : 'Preisvorstellung in Euro (optional)'}
            </label>
            <input
              id={id('amount')}
              name={id('amount')}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              placeholder="12,50"
              value={values.amount}
              {...fieldAria(id('amount'), { required: values.priceKind === 'fixed', error: errors.amount })}
              onChange={(event) => set('amount', event.target.value)}
            />
          </div>
        ) : null}
        <FieldText id={id('amount')} kind="error" text={errors.amount} />
      </fieldset>
      <FieldFrame id={id('category')} label="Kategorie" required error={errors.category}>
        <select
          id={id('category')}
          name={id('category')}
          className="input"
          value={values.category}
          {...fieldAria(id('category'), { required: true, error: errors.category })}
          onChange={(event) => set('category', event.target.value)}
        >
          <option value="">Bitte wählen</option>
          {STAND_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FormMessage message={formError} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Wird gespeichert …' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Abbrechen
          </button>
        ) : null}
      </div>
    </form>
  );
}
