import { RejectionReason, StandStatusBadge } from '@/components/stands/StandStatusBadge';
import type { TGuestStandView, TStandStatus } from '@flohmarkt/contracts';

const EXPLANATIONS: Record<TStandStatus, string> = {
  pending: 'Der Organisator hat deine Anmeldung noch nicht geprüft. Sobald er entschieden hat, siehst du es hier.',
  approved: 'Dein Stand ist freigegeben und erscheint auf der Seite des Flohmarkts.',
  rejected: 'Der Organisator hat deine Anmeldung abgelehnt.',
  withdrawn: 'Du hast diese Anmeldung zurückgezogen. Sie erscheint nirgends mehr.',
  waitlisted:
    'Der Flohmarkt ist zurzeit voll. Deine Anmeldung steht auf der Warteliste und rückt von selbst nach, sobald ein Platz frei wird; dann bekommst du eine E-Mail.',
  released: 'Du hast abgesagt oder dich bis zur Frist nicht zurückgemeldet: dein Platz ist frei für andere.',
};

const TITLE_ID = 'guest-status-title';

/** Brings the status into view with the focus on it (after a withdrawal the long page below it is gone). */
export function showGuestStandStatus(): void {
  const title = document.getElementById(TITLE_ID);
  title?.scrollIntoView?.({ block: 'start' });
  title?.focus();
}

/** The state of the guest's registration in words, with the organiser's reason when it was rejected. */
export function GuestStandStatus({ stand }: { stand: TGuestStandView }) {
  return (
    <section className="card guest-manage__status" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="card__title" tabIndex={-1}>
        Status <StandStatusBadge status={stand.status} waitlistPosition={stand.waitlistPosition} />
      </h2>
      <p>{EXPLANATIONS[stand.status]}</p>
      <RejectionReason stand={stand} />
    </section>
  );
}
