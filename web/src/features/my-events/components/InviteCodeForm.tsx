import { TEAM_INVITE_CODE_LENGTH } from '@flohmarkt/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FieldText } from '@/components/form/Field';
import { paths } from '@/lib/paths';
import { inviteCodeProblem, normaliseInviteCode } from '../lib/invite-code';

const ID = 'invite-code';

/**
 * "Einladungscode eingeben" (issue 36): someone invited by a code read aloud or sent as text types it
 * here and lands on the invite's page, which shows what they are about to join before they join.
 */
export function InviteCodeForm() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = inviteCodeProblem(typed);
    setProblem(found);
    if (found === null) navigate(paths.teamInvite(normaliseInviteCode(typed)));
    else document.getElementById(ID)?.focus();
  };

  return (
    <section className="card invite-code" aria-labelledby={`${ID}-title`}>
      <h2 id={`${ID}-title`} className="my-events__subtitle">
        Einladungscode eingeben
      </h2>
      <form className="invite-code__form" onSubmit={submit} noValidate>
        <div className="field invite-code__field">
          <label className="field-label" htmlFor={ID}>
            Code aus der Einladung ins Team
          </label>
          <input
            id={ID}
            className="input invite-code__input"
            value={typed}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={TEAM_INVITE_CODE_LENGTH + 4}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ID}-error` : `${ID}-hint`}
            onChange={(event) => {
              setTyped(event.target.value.toUpperCase());
              setProblem(null);
            }}
          />
          {problem ? (
            <FieldText id={ID} kind="error" text={problem} />
          ) : (
            <FieldText id={ID} kind="hint" text={`${TEAM_INVITE_CODE_LENGTH} Zeichen, zum Beispiel AB3K9ZQ7.`} />
          )}
        </div>
        <button type="submit" className="button button--outline">
          Weiter
        </button>
      </form>
    </section>
  );
}
