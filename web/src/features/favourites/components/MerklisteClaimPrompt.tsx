import { useId } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { putFavourites, useFavouritesSync } from '../api/favourites';
import { claimUnclaimed, discardUnclaimed } from '../lib/account-list';
import { useKeptFavourites } from '../lib/favourite-store';
import '../favourites.css';

function entries(count: number): string {
  return count === 1 ? '1 Eintrag' : `${count} Einträge`;
}

/**
 * Rendered once by the app shell. After sign-in, a Merkliste this browser kept before (made without an
 * account) goes to the account only if the user says so: 'Hinzufügen' sends it, 'Verwerfen' drops it
 * from the browser. Until then it is neither shown nor sent, and it is forgotten at sign-out.
 */
export function MerklisteClaimPrompt() {
  const { user } = useCurrentUser();
  const kept = useKeptFavourites();
  const titleId = useId();
  const userId = user?.id ?? null;
  // The account's list is read only while the browser's list is not yet this account's or one waits for the answer.
  useFavouritesSync(userId !== null && (kept.owner !== userId || kept.unclaimed !== null));
  const waiting = userId !== null && kept.owner === userId ? kept.unclaimed : null;
  if (userId === null || waiting === null) return null;

  return (
    <section className="merkliste-claim" aria-labelledby={titleId} aria-live="polite">
      <p id={titleId} className="merkliste-claim__question">
        Deine Merkliste auf diesem Gerät ({entries(waiting.stands.length + waiting.events.length)}) zu deinem Konto hinzufügen?
      </p>
      <div className="merkliste-claim__actions">
        <button type="button" className="button button--primary button--small" onClick={() => putFavourites(claimUnclaimed(userId))}>
          Hinzufügen
        </button>
        <button type="button" className="button button--outline button--small" onClick={() => discardUnclaimed(userId)}>
          Verwerfen
        </button>
      </div>
    </section>
  );
}
