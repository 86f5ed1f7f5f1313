import type { TItem, TItemCreate } from '@flohmarkt/contracts';
import { useEffect, useRef, useState } from 'react';
import type { GuestAccess } from '@/lib/guest-access';
import { itemValues } from '../lib/item-form-values';
import { ItemForm } from './ItemForm';
import { ItemPhotoEditor } from './ItemPhotoEditor';
import { ItemSummary, itemRowClass } from './ItemRow';

interface OwnItemRowProps {
  item: TItem;
  /** How the writer is known, for the photo's own calls. */
  access: GuestAccess;
  /**
   * A guest's stand not yet approved: everyone else sees its photos from the approval (the guest is told
   * so), the guest sees theirs fetched with the manage token.
   */
  photoShownOnApproval?: boolean;
  saving: boolean;
  onSave: (item: TItem, body: TItemCreate) => Promise<unknown>;
  onToggleSold: (item: TItem) => void;
  onRemove: (item: TItem) => void;
}

/** An item for whoever may edit the stand: edited in place, given a photo, marked sold or available again, removed. */
export function OwnItemRow({ item, access, photoShownOnApproval = false, saving, onSave, onToggleSold, onRemove }: OwnItemRowProps) {
  const [editing, setEditing] = useState(false);
  // After „Speichern“ or „Abbrechen“ the form is gone: the focus goes back to the row's „Bearbeiten“, not to the page.
  const [closed, setClosed] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (closed && !editing) editButton.current?.focus();
  }, [closed, editing]);
  const close = () => {
    setEditing(false);
    setClosed(true);
  };
  // Which photo the row has shown: a just-uploaded one appears only once processed, and the editor says so until then.
  const [shownPhoto, setShownPhoto] = useState<string | null>(null);
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
          onSaved={close}
          onCancel={close}
          focusFirst
        />
      </li>
    );
  }
  const sold = item.status === 'sold';
  return (
    <li className={itemRowClass(item)}>
      <div className="stand-item__own">
        <ItemSummary item={item} privateTo={photoShownOnApproval ? access.manageToken : undefined} onPhotoShown={setShownPhoto} />
        <ItemPhotoEditor item={item} access={access} shownOnApproval={photoShownOnApproval} photoShown={item.photo !== null && item.photo === shownPhoto} />
      </div>
      <div className="stand-item__actions">
        <button
          ref={editButton}
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            setClosed(false);
            setEditing(true);
          }}
          aria-label={`${item.title} bearbeiten`}
        >
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
