/**
 * A file name part of ASCII letters, digits and dashes, at most 60 characters, the same for the files
 * the services send (calendar, PDFs) and those the web app saves (route GPX, QR code):
 * "Großer Hofflohmarkt Köln" → "grosser-hofflohmarkt-koeln". Empty when the text has none of them,
 * so the caller chooses its own fallback.
 */
export function fileSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
