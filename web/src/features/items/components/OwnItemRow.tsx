import type { TItem, TItemCreate } from '@flohmarkt/contracts';
import { useState } from 'react';
import { itemValues } from '../lib/item-form-values';
import { ItemForm } from './ItemForm';
import { ItemSummary, itemRowClass } from './ItemRow';

interface OwnItemRowProps {
  item: TItem;
  saving: boolean;
  onSave: (item: TItem, body: TItemCreate) => Promise<unknown>;
  onToggleSold: (item: TItem) => void;
  onRemove: (item: TItem) => void;
}

/** An item for whoever may edit the stand: edited in place, marked sold or available again, removed. */
export function OwnItemRow({ item, saving, onSave, onToggleSold, onRemove }: OwnItemRowProps) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="stand-item stand-item--editing">
        <ItemForm
          idPrefix={`item-${item.id}`}
          initial={itemValues(item)}
          label={`${item.title} bearbeiten`}
          submitLabel="Speichern"
          busy={saving}
          onSave={(body) => onSave(item, body)}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  const sold = item.status === 'sold';
  return (
    <li className={itemRowClass(item)}>
      <ItemSummary item={item} />
      <div className="stand-item__actions">
        <button type="button" className="button button--ghost button--small" onClick={() => setEditing(true)} aria-label={`${item.title} bearbeiten`}>
          Bearbeiten
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onToggleSold(item)}
          aria-label={`${item.title}: ${sold ? 'wieder verfügbar' : 'als verkauft markieren'}`}
        >
          {sold ? 'Wieder verfügbar' : 'Als verkauft markieren'}
        </button>
        <button type="button" className="button button--ghost-danger button--small" onClick={() => onRemove(item)} aria-label={`${item.title} entfernen`}>
          Entfernen
        </button>
      </div>
    </li>
  );
}
