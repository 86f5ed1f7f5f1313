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
