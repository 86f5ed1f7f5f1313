// @vitest-environment node
import { VALIDATION } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { checkProfile, splitSpecialties, type ProfileFormValues } from './profile-form';

const valid: ProfileFormValues = {
  firstName: 'Erika',
  lastName: 'Muster',
  bio: '',
  specialties: 'Schallplatten, Vintage, ',
  kleinanzeigenUrl: 'https://www.kleinanzeigen.de/s-bestandsliste.html?userId=1',
  vintedUrl: '',
};

describe('profile form', () => {
  it('accepts names and valid or empty links, specialties split at commas', () => {
    const result = checkProfile(valid);
    expect(result).toMatchObject({ ok: true, profile: { specialties: ['Schallplatten', 'Vintage'], vintedUrl: '' } });
    expect(splitSpecialties(' a ,, b ')).toEqual(['a', 'b']);
  });

  it('answers the profile messages per field', () => {
    const result = checkProfile({ ...valid, firstName: ' ', lastName: 'x'.repeat(51), vintedUrl: 'vinted.de/ich' });
    expect(result).toEqual({
      ok: false,
      errors: { firstName: VALIDATION.firstNameRequired, lastName: VALIDATION.lastNameTooLong, vintedUrl: VALIDATION.invalidUrl },
    });
    expect(checkProfile({ ...valid, lastName: '', firstName: 'y'.repeat(51) })).toMatchObject({
      errors: { firstName: VALIDATION.firstNameTooLong, lastName: VALIDATION.lastNameRequired },
    });
  });
});
