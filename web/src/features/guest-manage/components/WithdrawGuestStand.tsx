import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { useWithdrawGuestStand } from '../api/guest-stand';
import { showGuestStandStatus } from './GuestStandStatus';

/** 'Anmeldung zurückziehen' behind a confirmation; the status then reads 'Zurückgezogen' and takes the focus. */
export function WithdrawGuestStand({ token }: { token: string }) {
  const withdraw = useWithdrawGuestStand(token);
  const asking = useConfirmation<true>((_, done) =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Anmeldung zurückgezogen' });
        // Once the dialog has closed: this button is gone, and the page ends above where it stood.
        requestAnimationFrame(showGuestStandStatus);
      },
      onError: (error) => toastError(`Die Anmeldung konnte nicht zurückgezogen werden: ${error.message}`),
      onSettled: done,
    }),
  );

  return (
    <>
      <button type="button" className="button button--ghost-danger" onClick={() => asking.ask(true)}>
        Anmeldung zurückziehen
      </button>
      <ConfirmDialog {...asking.dialog} title="Anmeldung zurückziehen?" confirmLabel="Zurückziehen" busy={withdraw.isPending}>
        <p>Dein Stand wird vom Flohmarkt abgemeldet. Das lässt sich nicht rückgängig machen; solange Anmeldungen offen sind, kannst du dich neu anmelden.</p>
      </ConfirmDialog>
    </>
  );
}
