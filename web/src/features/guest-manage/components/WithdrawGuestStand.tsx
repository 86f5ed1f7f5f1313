import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { useWithdrawGuestStand } from '../api/guest-stand';

/** 'Anmeldung zurückziehen' behind a confirmation; the status then reads 'Zurückgezogen'. */
export function WithdrawGuestStand({ token }: { token: string }) {
  const [asking, setAsking] = useState(false);
  const withdraw = useWithdrawGuestStand(token);

  const confirm = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => toast({ title: 'Anmeldung zurückgezogen' }),
      onError: (error) => toastError(`Die Anmeldung konnte nicht zurückgezogen werden: ${error.message}`),
      onSettled: () => setAsking(false),
    });

  return (
    <>
      <button type="button" className="button button--ghost-danger" onClick={() => setAsking(true)}>
        Anmeldung zurückziehen
      </button>
      <ConfirmDialog
        open={asking}
        title="Anmeldung zurückziehen?"
        confirmLabel="Zurückziehen"
        busy={withdraw.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>Dein Stand wird vom Flohmarkt abgemeldet. Das lässt sich nicht rückgängig machen; solange Anmeldungen offen sind, kannst du dich neu anmelden.</p>
      </ConfirmDialog>
    </>
  );
}
