import { LIMITS } from '@flohmarkt/contracts';
/**
 * Runtime settings of the web app. The server may provide a value through a
 * `<meta name="flohmarkt:…" content="…">` tag in index.html (no inline script is allowed by the CSP);
 * otherwise the build-time variable applies, otherwise the default.
 */
const DEFAULT_FEEDBACK_URL = 'mailto:feedback@flohmarkt.example';

function readMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return content ? content : undefined;
}

export function getFeedbackUrl(): string {
  return readMeta('flohmarkt:feedback-url') ?? (import.meta.env.VITE_FEEDBACK_URL || undefined) ?? DEFAULT_FEEDBACK_URL;
}

/**
 * The operator of this installation (Impressum, Datenschutz), from meta tags the gateway fills:
 * flohmarkt:operator-name, -address (lines separated by ';' or line breaks), -email, -phone,
 * -representative (responsible for the content), -register (register entry), -vat-id, and
 * flohmarkt:privacy-email (data protection contact; defaults to the operator e-mail).
 */
export interface OperatorDetails {
  name?: string;
  addressLines: string[];
  email?: string;
  phone?: string;
  representative?: string;
  register?: string;
  vatId?: string;
  privacyEmail?: string;
}

export function getOperatorDetails(): OperatorDetails {
  const email = readMeta('flohmarkt:operator-email');
  return {
    name: readMeta('flohmarkt:operator-name'),
    addressLines: (readMeta('flohmarkt:operator-address') ?? '')
      .split(/;|\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    email,
    phone: readMeta('flohmarkt:operator-phone'),
    representative: readMeta('flohmarkt:operator-representative'),
    register: readMeta('flohmarkt:operator-register'),
    vatId: readMeta('flohmarkt:operator-vat-id'),
    privacyEmail: readMeta('flohmarkt:privacy-email') ?? email,
  };
}

/** True when the operator has filled in at least a name and an address (legally required). */
export function isOperatorConfigured(details: OperatorDetails): boolean {
  return Boolean(details.name) && details.addressLines.length > 0;
}

/** Days after a market's end until guests' data goes and rejected or withdrawn stands are deleted. */
export function getRetentionDays(): number {
  const days = Number(readMeta('flohmarkt:retention-days'));
  // Without the gateway (the dev server) no meta tag says it: the default of RETENTION_DAYS.
  return Number.isInteger(days) && days > 0 ? days : LIMITS.retentionDaysDefault;
}
