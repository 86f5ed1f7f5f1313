import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { ALERTS_TITLE_ID, useCreateWishAlert, useSavedWish } from '@/features/come-back/api/alerts';
import { loginUrl } from '@/lib/event-links';
import { paths } from '@/lib/paths';
import type { ItemSearch } from '../lib/search-query';

const SAVED = 'Suchauftrag gespeichert. Wir schreiben dir, sobald passende Angebote eingestellt werden.';
const HINT = 'Höchstens eine E-Mail am Tag mit neu eingestellten Angeboten, die zu deiner Suche passen.';
const ALREADY_SAVED = 'Diese Suche ist als Suchauftrag gespeichert. Wir schreiben dir, sobald passende Angebote eingestellt werden.';
const MANAGE = 'Suchaufträge verwalten';
/** The alerts' heading on /settings (come-back AlertsSection, which scrolls to it). */
const ALERTS_ON_SETTINGS = `${paths.settings()}#${ALERTS_TITLE_ID}`;

function SaveButton({ userId, search }: { userId: string; search: ItemSearch }) {
  const wish = useCreateWishAlert(userId);
  const already = useSavedWish(userId, { query: search.q, lat: search.lat, lng: search.lng, radiusKm: search.radiusKm });
  const savedRef = useRef<HTMLParagraphElement>(null);
  // The button goes once saved: the focus moves to the sentence that took its place, not to the page's start.
  useEffect(() => {
    if (wish.saved) savedRef.current?.focus();
  }, [wish.saved]);
  if (wish.saved) {
    return (
      <p className="notice" role="status" tabIndex={-1} ref={savedRef}>
        {SAVED}
      </p>
    );
  }
  // Not offered until the user's alerts are read, and not for a search already saved (a reload, another tab):
  // the server would answer the same alert again. Unreadable alerts: the button, the server still keeps one.
  if (already.pending) return null;
  if (already.alert) {
    return (
      <p className="notice" role="status">
        {ALREADY_SAVED} <Link to={ALERTS_ON_SETTINGS}>{MANAGE}</Link>
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--outline"
        disabled={wish.saving}
        aria-busy={wish.saving || undefined}
        onClick={() => wish.save({ query: search.q, lat: search.lat, lng: search.lng, radiusKm: search.radiusKm, label: search.label })}
      >
        {wish.saving ? 'Wird gespeichert …' : 'Als Suchauftrag speichern'}
      </button>
      <p className="save-wish__hint">{HINT}</p>
      {wish.errorMessage ? (
        <p className="notice notice--error" role="alert">
          {wish.errorMessage}
        </p>
      ) : null}
    </>
  );
}

/**
 * „Als Suchauftrag speichern“ (issue 35): the search's words, place and radius as a wish alert, so new
 * matching items come by mail. Signed out, a link to sign in that comes back to this search. A search
 * the user already keeps as a wish alert says so, with a link to the alerts on /settings, instead of the
 * button. Keyed by the search where it is used: another search starts unsaved.
 */
export function SaveWishAlert({ search }: { search: ItemSearch }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return null;
  return (
    <div className="save-wish">
      {user ? (
        <SaveButton userId={user.id} search={search} />
      ) : (
        <p className="save-wish__sign-in">
          <a href={loginUrl(location.pathname + location.search)}>Melde dich an</a>, um diese Suche als Suchauftrag zu speichern: Wir schreiben dir, sobald
          passende Angebote eingestellt werden.
        </p>
      )}
    </div>
  );
}
