import { SIGN_IN, SIGN_OUT, type TAuthUser } from '@flohmarkt/contracts';
import { paths } from '@/lib/paths';
import { callUrl } from '@/lib/api-call';

export interface NavEntry {
  label: string;
  to: string;
}

/** Sign-in and sign-out are browser navigations to the gateway, never client-side routes. */
export const LOGIN_PATH = callUrl(SIGN_IN);
export const LOGOUT_PATH = callUrl(SIGN_OUT);

export function mainNavEntries(user: TAuthUser): NavEntry[] {
  const entries: NavEntry[] = [
    { label: 'Startseite', to: paths.home() },
    { label: 'Flohmarkt erstellen', to: paths.createEvent() },
  ];
  if (user.role === 'admin') entries.push({ label: 'Admin', to: paths.admin() });
  return entries;
}

export const accountNavEntries: readonly NavEntry[] = [
  { label: 'Mein Profil', to: paths.profile() },
  { label: 'Meine Stände', to: paths.myStands() },
  // The items the visitor asked sellers to keep, with the pickup codes (issue 35).
  { label: 'Meine Reservierungen', to: paths.myHolds() },
  // The markets I organise (issue 30): every signed-in user may create one, so everyone sees the entry.
  { label: 'Meine Flohmärkte', to: paths.myEvents() },
  { label: 'Einstellungen', to: paths.settings() },
];
