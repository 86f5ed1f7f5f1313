import { formatRegistrationDeadline, type TEvent } from '@flohmarkt/contracts';

/**
 * "Anmeldung bis Fr 12.06., 18:00 Uhr" where a seller decides (issue 30: the event page and both stand
 * forms), so nobody learns the deadline by being refused. Nothing when the market has none or takes
 * no registrations: the page says why registration is closed.
 */
export function RegistrationDeadline({
  event,
  className = 'field-hint',
}: {
  event: Pick<TEvent, 'registrationDeadline' | 'allowStandRegistration'>;
  className?: string;
}) {
  if (!event.registrationDeadline || !event.allowStandRegistration) return null;
  return <p className={`registration-deadline ${className}`}>{formatRegistrationDeadline(event.registrationDeadline)}</p>;
}
