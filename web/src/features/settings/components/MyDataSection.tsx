import { confirmsAccountEmail, type TAuthUser } from '@flohmarkt/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormMessage, TextField } from '@/components/form/Field';
import { signOut } from '@/features/auth/api/sign-out';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountExport } from '../api/export-account';
import { ACCOUNT_TEXTS as T } from '../lib/account-texts';
import { paths } from '@/lib/paths';

/**
 * "Meine Daten": the download of everything stored about the account, and its deletion after the
 * account's e-mail is typed again (the server checks the same rule and answers in German).
 */
export function MyDataSection({ user }: { user: TAuthUser }) {
  const navigate = useNavigate();
  const download = useAccountExport();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const confirmed = confirmsAccountEmail(typed, user.email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate(typed, {
      onSuccess: () => {
        navigate(paths.home(), { replace: true });
        // The provider's session ends too, as at „Abmelden“: else the next signed-in page signed the
        // browser straight in again and made a new, empty account without asking.
        void signOut({ notice: T.deleted });
      },
    });
  };

  return (
    <section className="card my-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title" className="card__title">
        {T.title}
      </h2>
      <p>{T.exportLead}</p>
      <div className="form-actions settings-actions">
        <button type="button" className="button button--outline" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? T.exportBusy : T.exportButton}
        </button>
      </div>
      <FormMessage message={download.error?.message} />
      {download.isSuccess && <p role="status">{T.exportDone}</p>}

      <h3 id="delete-account-title">{T.deleteTitle}</h3>
      <p>{T.deleteLead}</p>
      <form className="form my-data__delete" onSubmit={submit} aria-labelledby="delete-account-title" noValidate>
        <TextField id="confirmEmail" label={T.confirmLabel(user.email)} type="email" autoComplete="off" value={typed} onValueChange={setTyped} />
        <FormMessage message={remove.error?.message} />
        <div className="form-actions">
          <button type="submit" className="button button--danger" disabled={!confirmed || remove.isPending}>
            {remove.isPending ? T.deleteBusy : T.deleteButton}
          </button>
        </div>
      </form>
    </section>
  );
}
