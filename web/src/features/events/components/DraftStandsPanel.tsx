import { TOASTS, type TDraftListStand, type TStand } from '@flohmarkt/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Spinner } from '@/components/ui/Spinner';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { useDraftStands, type TDraftListStatus } from '@/features/stands/api/get-draft-stands';
import { useApproveDraft, useRejectStand } from '@/features/stands/api/review-draft';
import { useReviewStands } from '@/features/stands/api/review-stands';
import { isApiError } from '@/lib/api-client';
import { REVIEW_LIST_ANCHOR } from '@/lib/paths';
import { DraftStandItem, firstDecisionButton, standAndSeller } from './DraftStandItem';
import { RejectStandDialog } from './RejectStandDialog';
import { ReviewStatusFilter } from './ReviewStatusFilter';

/** What the list shows at first: what still needs a decision (waiting, and waiting for a place). */
const OPEN_STATUSES: TDraftListStatus[] = ['pending', 'waitlisted'];
const ALL_STATUSES: TDraftListStatus[] = ['pending', 'waitlisted', 'approved', 'rejected'];

/** What the list says when it is empty, and takes the focus when the last registration was decided. */
const EMPTY_ID = 'drafts-empty';

/**
 * After a decision: the decided registrations and the order the list had. The focus goes to the next
 * row still shown (or the previous, or the decided one if it stays), else to what the empty list says;
 * after a bulk decision to the list's heading.
 */
type FocusAfter = { decided: string[]; order: string[]; bulk: boolean };

function focusTarget({ decided, order, bulk }: FocusAfter, shown: ReadonlySet<string>): HTMLElement | null {
  if (shown.size === 0) return document.getElementById(EMPTY_ID);
  if (bulk) return document.getElementById('drafts-title');
  const at = order.indexOf(decided[0] ?? '');
  const next =
    order.slice(at + 1).find((id) => shown.has(id)) ??
    decided.find((id) => shown.has(id)) ??
    order
      .slice(0, Math.max(at, 0))
      .reverse()
      .find((id) => shown.has(id)) ??
    [...shown][0];
  return next ? firstDecisionButton(next) : null;
}

/** The server's sentence where it has one the organiser can act on (a number taken, a stand withdrawn meanwhile). */
const reasonOf = (error: Error, fallback: string) => (isApiError(error) && error.status < 500 && error.status !== 401 ? error.message : fallback);

/**
 * The organiser's review list of stand registrations (issue 18): filtered by status, each with
 * 'Freigeben' or 'Ablehnen' (optional reason), or many chosen at once and decided in one request
 * ('Ausgewählte genehmigen' / 'Ausgewählte ablehnen'), with a hint at likely double registrations.
 * Every rejected stand, a guest's too, is kept as 'Abgelehnt' with the reason, for its owner or
 * under the guest's manage link (docs/product.md#review-and-stand-states, issue 17).
 */
export function DraftStandsPanel({ eventId }: { eventId: string }) {
  const [statuses, setStatuses] = useState<TDraftListStatus[]>(OPEN_STATUSES);
  const [filterTouched, setFilterTouched] = useState(false);
  const drafts = useDraftStands(eventId, statuses, true);
  const approve = useApproveDraft(eventId);
  const reject = useRejectStand(eventId);
  const review = useReviewStands(eventId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A row's 'Ablehnen' uses the one-stand call; 'Ausgewählte ablehnen' the bulk call.
  const [toReject, setToReject] = useState<{ stands: TStand[]; bulk: boolean } | null>(null);
  const list = useMemo(() => (statuses.length ? (drafts.data ?? []) : []), [drafts.data, statuses.length]);
  const shown = useMemo(() => new Map<string, TDraftListStand>(list.map((s) => [s.id, s])), [list]);
  const chosen = list.filter((s) => selected.has(s.id));
  useScrollToReviewList(list.length > 0);
  // The decided row leaves the list (or loses its button): the focus must not fall to the page.
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  // What was decided, for screen readers (the focus lands on the next row, which says nothing of it).
  const [said, setSaid] = useState('');
  const decided = (stands: TStand[], words: string, bulk: boolean) => {
    const [one] = stands;
    setSaid(stands.length === 1 && one ? `„${standAndSeller(one)}“ ist ${words}.` : `${stands.length} Anmeldungen sind ${words}.`);
    setFocusAfter({ decided: stands.map((s) => s.id), order: list.map((s) => s.id), bulk });
  };
  useEffect(() => {
    if (!focusAfter) return undefined;
    // After the reject dialog has closed, which gives the focus back to the (gone) row's button.
    const frame = requestAnimationFrame(() => {
      focusTarget(focusAfter, new Set(list.map((s) => s.id)))?.focus();
      setFocusAfter(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusAfter, list]);

  const changeFilter = (next: TDraftListStatus[]) => {
    setFilterTouched(true);
    setStatuses(next);
    setSelected(new Set());
  };
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onApprove = (stand: TStand) =>
    approve.mutate(stand.id, {
      onSuccess: () => {
        toast({ title: TOASTS.standApproved });
        decided([stand], 'freigegeben', false);
      },
      onError: (error) => toastError(reasonOf(error, TOASTS.approveDraftFailed)),
    });

  const approveChosen = () =>
    review.mutate(
      { approve: chosen.map((s) => s.id), reject: [] },
      {
        onSuccess: (stands) => {
          toast({ title: TOASTS.standsApproved(stands.length) });
          setSelected(new Set());
          decided(stands, 'freigegeben', true);
        },
        onError: (error) => toastError(TOASTS.bulkReviewFailed(reasonOf(error, TOASTS.approveDraftFailed))),
      },
    );

  const onReject = (reason: string) => {
    if (!toReject) return;
    const done = { onSettled: () => setToReject(null) };
    const [first] = toReject.stands;
    if (!toReject.bulk && first) {
      reject.mutate(
        { standId: first.id, reason },
        {
          ...done,
          onSuccess: () => {
            toast({ title: TOASTS.standRejected });
            decided([first], 'abgelehnt', false);
          },
          onError: (error) => toastError(TOASTS.rejectFailed(error.message)),
        },
      );
      return;
    }
    review.mutate(
      { approve: [], reject: toReject.stands.map((s) => s.id), reason: reason || null },
      {
        ...done,
        onSuccess: (stands) => {
          toast({ title: TOASTS.standsRejected(stands.length) });
          setSelected(new Set());
          decided(stands, 'abgelehnt', true);
        },
        onError: (error) => toastError(TOASTS.bulkReviewFailed(error.message)),
      },
    );
  };

  if (drafts.isPending && statuses.length) return <Spinner label="Stand-Anmeldungen werden geladen …" />;
  if (drafts.isError) return null;
  // Always there, so that a screen reader hears each change of its text.
  const announcement = (
    <p className="visually-hidden" role="status">
      {said}
    </p>
  );
  // Nothing to decide: one quiet line instead of an empty list; the other statuses stay one click away.
  if (list.length === 0 && !filterTouched) {
    return (
      <>
        {announcement}
        <p id={EMPTY_ID} className="drafts-none" tabIndex={-1}>
          Keine offenen Stand-Anmeldungen.{' '}
          <button type="button" className="link-button" onClick={() => changeFilter(ALL_STATUSES)}>
            Alle Anmeldungen ansehen
          </button>
        </p>
      </>
    );
  }

  const allChosen = list.length > 0 && chosen.length === list.length;
  return (
    <>
      {announcement}
      <section id={REVIEW_LIST_ANCHOR} className="event-section drafts" aria-labelledby="drafts-title">
        <h2 id="drafts-title" className="section-title" tabIndex={-1}>
          Stand-Anmeldungen prüfen <span className="badge badge--pending">{list.length}</span>
        </h2>
        <ReviewStatusFilter value={statuses} onChange={changeFilter} />
        {list.length === 0 ? (
          <p id={EMPTY_ID} className="drafts__empty" tabIndex={-1}>
            {statuses.length ? 'Keine Anmeldungen mit diesem Status.' : 'Wähle mindestens einen Status.'}
          </p>
        ) : (
          <>
            <div className="drafts__bulk" role="group" aria-label="Auswahl">
              <label className="drafts__all">
                <input type="checkbox" checked={allChosen} onChange={(e) => setSelected(new Set(e.target.checked ? list.map((s) => s.id) : []))} />
                {list.length === 1 ? 'Die Anmeldung auswählen' : `Alle ${list.length} auswählen`}
              </label>
              <span className="drafts__count" aria-live="polite">
                {chosen.length} ausgewählt
              </span>
              <button type="button" className="button button--primary button--small" disabled={!chosen.length || review.isPending} onClick={approveChosen}>
                Ausgewählte genehmigen
              </button>
              <button
                type="button"
                className="button button--ghost-danger button--small"
                disabled={!chosen.length || review.isPending}
                onClick={() => setToReject({ stands: chosen, bulk: true })}
              >
                Ausgewählte ablehnen
              </button>
            </div>
            <ul className="drafts__list">
              {list.map((stand) => (
                <DraftStandItem
                  key={stand.id}
                  stand={stand}
                  shown={shown}
                  selected={selected.has(stand.id)}
                  onSelect={(on) => select(stand.id, on)}
                  onApprove={() => onApprove(stand)}
                  onReject={() => setToReject({ stands: [stand], bulk: false })}
                  busy={approve.isPending || review.isPending}
                />
              ))}
            </ul>
          </>
        )}
        <RejectStandDialog
          stands={toReject?.stands ?? null}
          busy={reject.isPending || review.isPending}
          onConfirm={onReject}
          onCancel={() => setToReject(null)}
        />
      </section>
    </>
  );
}

/** The list loads after the page: a link to #anmeldungen (the digest mail) scrolls to it once it is there. */
function useScrollToReviewList(shown: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!shown || done.current || hash !== `#${REVIEW_LIST_ANCHOR}`) return;
    done.current = true;
    document.getElementById(REVIEW_LIST_ANCHOR)?.scrollIntoView?.({ block: 'start' });
  }, [shown, hash]);
}
