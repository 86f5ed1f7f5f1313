import { ZExhibitorProfileUpdate, ZUserUpdate, type TAuthUser, type TExhibitorProfile } from '@flohmarkt/contracts';
import { validate, type FieldErrors } from '@/components/form/field-errors';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  bio: string;
  specialties: string;
  kleinanzeigenUrl: string;
  vintedUrl: string;
}

export function profileToValues(user: TAuthUser, profile: TExhibitorProfile | null): ProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    bio: profile?.bio ?? '',
    specialties: profile?.specialties.join(', ') ?? '',
    kleinanzeigenUrl: profile?.kleinanzeigenUrl ?? '',
    vintedUrl: profile?.vintedUrl ?? '',
  };
}

/** Specialties are typed as one comma-separated line. */
export function splitSpecialties(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type ProfileCheck =
  | { ok: true; names: { firstName: string; lastName: string }; profile: { bio: string; specialties: string[]; kleinanzeigenUrl: string; vintedUrl: string } }
  | { ok: false; errors: FieldErrors };

/** docs/product.md#profiles-and-sellers (Profile) with the contracts' schemas: names 1-50 characters, the two links valid URLs or empty. */
export function checkProfile(values: ProfileFormValues): ProfileCheck {
  const names = { firstName: values.firstName, lastName: values.lastName };
  const profile = {
    bio: values.bio,
    specialties: splitSpecialties(values.specialties),
    kleinanzeigenUrl: values.kleinanzeigenUrl,
    vintedUrl: values.vintedUrl,
  };
  const a = validate(ZUserUpdate, names);
  const b = validate(ZExhibitorProfileUpdate, profile);
  if (a.ok && b.ok) return { ok: true, names, profile };
  return { ok: false, errors: { ...(a.ok ? {} : a.errors), ...(b.ok ? {} : b.errors) } };
}
