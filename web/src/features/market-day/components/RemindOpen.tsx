import { formatDateTime, type TMarketDay } from '@flohmarkt/contracts';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { toast } from '@/components/ui/toast/use-toast';
import { isUnauthorizedError } from '@/lib/api-client';
import { useRemindConfirmations } from '../api/market-day';

/**
 * The organiser's or a co-organiser's one reminder of the stands that have not answered "Bist du
 * dabei?" (issue 36): offered while nobody reminded them yet and some are open; afterwards when it was.
 */
export function RemindOpen({ day, online }: { day: TMarketDay; online: boolean }) {
  const remind = useRemindConfirmations(day.eventId);
  if (day.role === 'helper' || !day.reconfirmation.enabled) return null;
  if (day.remindedAt) return <p className="muted day-remind">Offene Stände erinnert am {formatDateTime(day.remindedAt)} Uhr.</p>;
  if (day.counts.open === 0) return null;
  return (
    <div className="day-remind">
      <button
        type="button"
        className="button button--outline"
        disabled={!online || remind.isPending}
        onClick={() =>
          remind.mutate(undefined, {
            onSuccess: ({ reminded }) => toast({ title: `${reminded} ${reminded === 1 ? 'Stand' : 'Stände'} erinnert` }),
            onError: (error) => {
              if (isUnauthorizedError(error)) handleSessionExpired();
            },
          })
        }
      >
        Offene erinnern
      </button>
      {remind.isError && !isUnauthorizedError(remind.error) ? (
        <p className="notice notice--error" role="alert">
          {remind.error.message}
        </p>
      ) : null}
    </div>
  );
}
