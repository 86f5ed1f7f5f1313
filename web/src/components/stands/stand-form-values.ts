import { ERROR_CODES, standDistanceError, toLatLng, type CallBody, type UPDATE_STAND, type TEvent, type TLatLng, type TStand } from '@flohmarkt/contracts';
import { withPointError, type FieldErrors, type Validation } from '@/components/form/field-errors';
import { hasErrorCode } from '@/lib/api-client';
import { EMPTY_ADDRESS, addressBody, isAddressProblem, type StandAddressValues } from './StandAddressFields';

/** What the stand forms edit (register, guest, edit). */
export interface StandFormValues {
  standNumber: string;
  description: string;
  categories: string[];
  foodCategories: string[];
  activityCategories: string[];
  acceptsPayPal: boolean;
  point: TLatLng | null;
  address: StandAddressValues;
}

export const EMPTY_STAND_VALUES: StandFormValues = {
  standNumber: '',
  description: '',
  categories: [],
  foodCategories: [],
  activityCategories: [],
  acceptsPayPal: false,
  point: null,
  address: EMPTY_ADDRESS,
};

export function standToValues(stand: TStand): StandFormValues {
  return {
    standNumber: stand.standNumber ?? '',
    description: stand.description ?? '',
    categories: [...stand.categories],
    foodCategories: [...stand.foodCategories],
    activityCategories: [...stand.activityCategories],
    acceptsPayPal: stand.acceptsPayPal,
    point: toLatLng(stand.latitude, stand.longitude),
    address: stand.address ? { ...stand.address, houseNumber: stand.address.houseNumber ?? '' } : EMPTY_ADDRESS,
  };
}

/** A stand without an account (the guest's, or one the organiser enters on site): the name beside it. */
export interface AccountlessStandValues extends StandFormValues {
  guestFirstName: string;
  guestLastName: string;
}

export const EMPTY_ACCOUNTLESS_VALUES: AccountlessStandValues = { ...EMPTY_STAND_VALUES, guestFirstName: '', guestLastName: '' };

/** The body shared by POST /api/stands, the guest call and PUT /api/stands/{id}. */
export function standBody(values: StandFormValues): Omit<CallBody<typeof UPDATE_STAND>, 'photos' | 'locationPrecision' | 'nameDisplay'> {
  return {
    standNumber: values.standNumber,
    description: values.description,
    categories: values.categories,
    foodCategories: values.foodCategories,
    activityCategories: values.activityCategories,
    acceptsPayPal: values.acceptsPayPal,
    latitude: values.point?.lat ?? null,
    longitude: values.point?.lng ?? null,
    address: addressBody(values.address),
  };
}

/** The event's own point, or null when it has no coordinates (the 15 km check is then skipped). */
export function eventPoint(event: Pick<TEvent, 'latitude' | 'longitude'>): TLatLng | null {
  return toLatLng(event.latitude, event.longitude);
}

/**
 * The 15 km rule of docs/product.md#registering-a-stand, checked before sending (the server checks it again): the
 * message 'Die gewählte Position ist X.Xkm vom Flohmarkt entfernt. …' or null.
 */
export function distanceError(event: Pick<TEvent, 'latitude' | 'longitude'>, point: TLatLng | null): string | null {
  if (!point) return null;
  return standDistanceError(eventPoint(event), point);
}

/** A stand form's messages: the schema's, with the coordinates' under the map, and the 15 km rule's for the chosen point. */
export function standErrors(result: Validation<unknown>, event: Pick<TEvent, 'latitude' | 'longitude'>, point: TLatLng | null): FieldErrors {
  const errors = result.ok ? {} : withPointError(result.errors);
  const tooFar = distanceError(event, point);
  if (tooFar && !errors.point) errors.point = tooFar;
  return errors;
}

/**
 * Where a stand form shows the server's refusal: the 15 km rule under the map, a number another stand
 * has at the number, an address problem at the address field it names; null: above the buttons.
 */
export function standFieldError(error: unknown): FieldErrors | null {
  if (!(error instanceof Error)) return null;
  if (hasErrorCode(error, ERROR_CODES.STAND_TOO_FAR)) return { point: error.message };
  if (hasErrorCode(error, ERROR_CODES.STAND_NUMBER_TAKEN)) return { standNumber: error.message };
  if (isAddressProblem(error.message)) return { address: error.message };
  return null;
}
