// The pages of the development identity provider: German, small, no external assets and no inline
// script. The stylesheet and the one script are served by this process under <prefix>/assets/.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export const STYLESHEET = `*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2933;background:#f4f1ea}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:2rem;width:100%;max-width:26rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{line-height:1.45;margin:.5rem 0}
.hint{color:#52606d;font-size:.9rem}
.badge{display:inline-block;font-size:.75rem;font-weight:600;letter-spacing:.02em;color:#8a4b00;background:#fff3d6;border-radius:4px;padding:.15rem .45rem;margin-bottom:.75rem}
form{margin-top:1rem}
label{display:block;font-weight:600;margin:.9rem 0 .3rem}
input{display:block;width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #9aa5b1;border-radius:6px}
input:focus{outline:3px solid #f0b429;outline-offset:1px;border-color:#cb6e17}
button{margin-top:1.4rem;width:100%;font:inherit;font-weight:600;padding:.7rem;border:0;border-radius:6px;background:#cb6e17;color:#fff;cursor:pointer}
button:hover,button:focus{background:#a85a12}
.error{color:#9b1c1c;background:#fde8e8;border-radius:6px;padding:.6rem .8rem}
.field-error{color:#9b1c1c;font-size:.85rem;margin:.3rem 0 0}
`;

/** Submits the logout form as soon as the page is loaded (served as a file, so no inline script). */
export const LOGOUT_SCRIPT = `(function () {
  function submit() {
    var form = document.getElementById('op.logoutForm');
    if (form) form.submit();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', submit);
  else submit();
})();
`;

function page(prefix: string, title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(prefix)}/assets/style.css">
${head}</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface LoginValues {
  email: string;
  firstName: string;
  lastName: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

export function renderLoginPage(opts: { prefix: string; action: string; values: LoginValues; errors?: LoginErrors }): string {
  const { prefix, action, values, errors = {} } = opts;
  const hasErrors = Object.keys(errors).length > 0;
  const field = (name: keyof LoginValues, label: string, type: string, autocomplete: string): string => {
    const error = errors[name];
    const id = `f-${name}`;
    return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}" required value="${escapeHtml(values[name])}"${
      error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
    }>
${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>\n` : ''}`;
  };
  return page(
    prefix,
    'Anmelden – Flohmarkt',
    `<span class="badge">Entwicklungs-Anmeldung</span>
<h1>Anmelden</h1>
<p class="hint">Nur für Entwicklung und Tests: Jede E-Mail-Adresse wird ohne Passwort angenommen.</p>
${hasErrors ? '<p class="error" role="alert">Bitte prüfe deine Angaben.</p>\n' : ''}<form method="post" action="${escapeHtml(action)}">
${field('email', 'E-Mail', 'email', 'email')}${field('firstName', 'Vorname', 'text', 'given-name')}${field('lastName', 'Nachname', 'text', 'family-name')}<button type="submit">Anmelden</button>
</form>`,
  );
}

export function renderMessagePage(prefix: string, title: string, message: string): string {
  return page(prefix, `${title} – Flohmarkt`, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

/**
 * The page oidc-provider shows at end_session when the user still has a session. `form` is the
 * provider's own form (id "op.logoutForm", hidden xsrf). We add logout=yes (end the whole provider
 * session, not only this client's part of it) and let logout.js submit it at once, so there is no
 * confirmation click; without JavaScript a single button remains.
 */
export function renderLogoutPage(prefix: string, form: string): string {
  const extra = '<input type="hidden" name="logout" value="yes"/>' + '<noscript><button type="submit">Abmelden</button></noscript>';
  const completed = form.includes('</form>') ? form.replace('</form>', `${extra}</form>`) : form;
  return page(
    prefix,
    'Abmelden – Flohmarkt',
    `<h1>Abmelden …</h1>
<p class="hint">Du wirst abgemeldet.</p>
${completed}`,
    `<script src="${escapeHtml(prefix)}/assets/logout.js" defer></script>\n`,
  );
}

/** What the provider's error codes mean to the person signing in; any other code gets the general message. */
const ERROR_MESSAGES = new Map([
  ['invalid_request', 'Die Anfrage an die Anmeldung ist ungültig.'],
  ['invalid_client', 'Die Anwendung ist bei der Anmeldung nicht bekannt.'],
  ['invalid_redirect_uri', 'Die Rücksprungadresse ist nicht registriert.'],
  ['access_denied', 'Der Zugriff wurde verweigert.'],
  ['session_not_found', 'Die Anmeldesitzung ist abgelaufen oder ungültig. Bitte starte die Anmeldung erneut.'],
  ['invalid_grant', 'Die Anmeldesitzung ist abgelaufen oder ungültig. Bitte starte die Anmeldung erneut.'],
  ['server_error', 'Bei der Anmeldung ist ein unerwarteter Fehler aufgetreten.'],
]);

export function errorMessageFor(error: string | undefined): string {
  return ERROR_MESSAGES.get(error ?? '') ?? 'Bei der Anmeldung ist ein Fehler aufgetreten.';
}
