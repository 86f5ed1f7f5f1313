import type { TAuthUser } from '@flohmarkt/contracts';

type NameParts = Pick<TAuthUser, 'email' | 'firstName' | 'lastName'>;

function firstLetter(value: string | null | undefined): string {
  return value?.trim().charAt(0) ?? '';
}

/** Initials of first and last name, else of the e-mail's local part (max.mustermann@… gives MM). */
export function getInitials({ firstName, lastName, email }: NameParts): string {
  const fromName = firstLetter(firstName) + firstLetter(lastName);
  if (fromName) return fromName.toUpperCase();
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._-]+/).filter(Boolean);
  const fromEmail = parts.length > 1 ? firstLetter(parts[0]) + firstLetter(parts[1]) : firstLetter(local);
  return (fromEmail || '?').toUpperCase();
}

export function getDisplayName({ firstName, lastName }: NameParts): string {
  return [firstName, lastName].filter((part) => part && part.trim()).join(' ');
}
