import { ITEMS_MAX_PER_STAND, type TItem, type TStand } from '@flohmarkt/contracts';
import { useEffect, useRef, useState } from 'react';
import { FormMessage } from '@/components/form/Field';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useStandHolds } from '@/features/holds/api/holds';
import { isUnauthorizedError } from '@/lib/api-client';
import { useItemWrites, useStandItems, type TItemUpdateBody } from '../api/items';
import { type GuestAccess } from '@/lib/guest-access';
import { emptyItemValues } from '../lib/item-form-values';
import { ItemForm } from './ItemForm';
import { OwnItemRow } from './OwnItemRow';
import { SaleConfirmDialog, openHoldOf, saleEndsHold, type SaleAsk } from './SaleConfirmDialog';
import { StandHoldsList } from './StandHoldsList';
import { VisitorItemList } from './VisitorItemList';
import './items.css';

export interface StandItemsSectionProps extends GuestAccess {
  stand: TStand;
  /** Whoever may edit the stand (its page decides; the server decides again on every write). */
  mayEdit: boolean;
}

/** The whole item again with only its sold mark changed (the update takes the whole item). */
function withSold(item: TItem, sold: boolean): TItemUpdateBody {
  const { kind, cents } = item.price;
  const price: TItemUpdateBody['price'] =
    kind === 'free' ? { kind } : kind === 'negotiable' ? (cents === undefined ? { kind } : { kind, cents }) : { kind, cents: cents ?? 0 };
  return { title: item.title, price, category: item.category as TItemUpdateBody['category'], sold };
}

function SectionHead({ count, mayEdit }: { count?: number; mayEdit: boolean }) {
  return (
    <div className="stand-items__head">
      <h2 id="items-title" className="section-title">
        Angebote
      </h2>
      {mayEdit && count !== undefined ? (
        <p className="stand-items__count">
          {count} von {ITEMS_MAX_PER_STAND}
        </p>
      ) : null}
    </div>
  );
}

/** „Angebote“ on the stand page (issue 35): the stand's items for everyone, with the editor for whoever may edit. */
export function StandItemsSection({ stand, mayEdit, manageToken }: StandItemsSectionProps) {
  const access = { manageToken };
  const itemsQuery = useStandItems(stand.id, access);
  const items = itemsQuery.data ?? [];
  // A visitor sees nothing of a stand without items (nor of a list that failed to load).
  if (!mayEdit) {
    if (items.length === 0) return null;
    return (
      <section className="stand-section stand-items" aria-labelledby="items-title">
        <SectionHead mayEdit={false} />
        <VisitorItemList stand={stand} items={items} />
      </section>
    );
  }
  return (
    <section className="stand-section stand-items" aria-labelledby="items-title">
      <SectionHead mayEdit count={itemsQuery.isSuccess ? items.length : undefined} />
      {itemsQuery.isError ? <FormMessage message={itemsQuery.error.message} /> : null}
      {itemsQuery.isSuccess ? <ItemEditor stand={stand} items={items} access={access} /> : null}
    </section>
  );
}

function ItemEditor({ stand, items, access }: { stand: TStand; items: TItem[]; access: GuestAccess }) {
  const { create, update, remove } = useItemWrites(stand, access);
  // Only the seller decides about holds (the organiser and admins edit items, but never see who asked).
  const { user } = useCurrentUser();
  const seller = access.manageToken !== undefined || (user !== null && user.id === stand.exhibitorId);
  const [actionError, setActionError] = useState<string | null>(null);
  // Each new form starts empty again: its key changes once an item was added.
  const [added, setAdded] = useState(0);
  // What was just added, said where the person is: the new row appears above, often off a phone's screen.
  const [lastAdded, setLastAdded] = useState<string | null>(null);
  const addedNote = useRef<HTMLParagraphElement>(null);
  // The form the focus was in is gone (a new one took its place): the note takes it, the keyboard stays closed.
  useEffect(() => {
    if (added > 0) addedNote.current?.focus();
  }, [added]);
  const failed = (error: Error) => (isUnauthorizedError(error) ? handleSessionExpired() : setActionError(error.message));
  const removal = useConfirmation<TItem>((item, done) => {
    setActionError(null);
    remove.mutate(item, { onError: failed, onSettled: done });
  });
  // The seller's holds (the list below shows them too, one read): a sale that ends one asks first.
  const holds = useStandHolds(stand.id, access, seller).data;
  const sale = useConfirmation<SaleAsk>(({ item }, done) => {
    setActionError(null);
    update.mutate({ item, body: withSold(item, true) }, { onError: failed, onSettled: done });
  });
  const toggleSold = (item: TItem) => {
    setActionError(null);
    const hold = openHoldOf(item, holds);
    if (saleEndsHold(item, hold)) return sale.ask({ item, hold });
    update.mutate({ item, body: withSold(item, item.status !== 'sold') }, { onError: failed });
  };
  const full = items.length >= ITEMS_MAX_PER_STAND;

  return (
    <>
      {items.length === 0 ? (
        <p className="muted">
          Zeig den Besuchern, was es an deinem Stand gibt: Trag bis zu {ITEMS_MAX_PER_STAND} Angebote mit Preis ein, zum Beispiel deine besten Stücke.
        </p>
      ) : (
        <ul className="stand-items__list">
          {items.map((item) => (
            <OwnItemRow
              key={item.id}
              item={item}
              access={access}
              photoShownOnApproval={access.manageToken !== undefined && stand.status !== 'approved'}
              saving={update.isPending}
              onSave={(target, body) => update.mutateAsync({ item: target, body })}
              onToggleSold={toggleSold}
              onRemove={removal.ask}
            />
          ))}
        </ul>
      )}
      <FormMessage message={actionError} />
      {seller && items.length > 0 ? <StandHoldsList stand={stand} access={access} /> : null}
      {full ? (
        <p className="muted">Du hast {ITEMS_MAX_PER_STAND} Angebote eingetragen, mehr zeigt ein Stand nicht. Entferne eines, um ein neues einzutragen.</p>
      ) : (
        <div className="stand-items__new">
          <h3 className="stand-items__new-title">Angebot hinzufügen</h3>
          {lastAdded ? (
            <p ref={addedNote} className="success-message stand-items__added" role="status" tabIndex={-1}>
              „{lastAdded}“ ist eingetragen und steht oben in der Liste. Hier kannst du das nächste eintragen.
            </p>
          ) : null}
          <ItemForm
            key={added}
            idPrefix="new-item"
            initial={emptyItemValues(stand.categories[0] ?? '')}
            label="Angebot hinzufügen"
            submitLabel="Angebot eintragen"
            busy={create.isPending}
            onSave={(body) => create.mutateAsync(body)}
            onSaved={(saved) => {
              setLastAdded(saved.title);
              setAdded((n) => n + 1);
            }}
          />
        </div>
      )}
      <SaleConfirmDialog subject={sale.subject} busy={update.isPending} {...sale.dialog} />
      <ConfirmDialog title="Angebot entfernen?" confirmLabel="Entfernen" busy={remove.isPending} {...removal.dialog}>
        <p>„{removal.subject?.title}“ verschwindet von deinem Stand. Das lässt sich nicht rückgängig machen.</p>
      </ConfirmDialog>
    </>
  );
}
