import { fileSlug } from '@flohmarkt/contracts';

/** 'meine-runde-hofflohmarkt-sued.gpx': letters, digits and dashes only. */
export function gpxFileName(eventName: string): string {
  const slug = fileSlug(eventName);
  return `meine-runde${slug ? `-${slug}` : ''}.gpx`;
}
