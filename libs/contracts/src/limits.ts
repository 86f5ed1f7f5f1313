// The product's numbers (docs/product.md#limits-at-a-glance) and its abuse defaults (docs/product.md#abuse-limits).
// Web app, gateway and services read them from here so that client hints and
// server checks can never drift apart.

const MiB = 1024 * 1024;
const MINUTE_MS = 60_000;

export const LIMITS = {
  maxPhotosPerStand: 3,
  maxStandDistanceKm: 15,
  earthRadiusKm: 6371,
  // RETENTION_DAYS when the operator sets none: the stands service erases by it, the privacy page states it.
  retentionDaysDefault: 30,
  landingSearchRadiusKm: 50,
  landingListPreview: 5,
  geocodeDebounceMs: 800,
  addressSearchMinChars: 3,
  addressSearchDebounceMs: 300,
  addressSearchResults: 5,
  dateInputStepSeconds: 300,
  nameMaxLength: 50,
  standDescriptionMinLength: 10,
  standCategoriesMin: 1,
  profileLatestStands: 3,
  profileStandCategoriesShown: 2,
  myStandsCategoriesShown: 3,
  exhibitorRecentActivities: 3,
  redirectAfterAuthFailureMs: 500,
  redirectNonAdminMs: 1000,
  qrCodeWidth: 200,
  qrCodeMargin: 2,
  // Applied in the browser before upload: the second pass only runs when the
  // first one still leaves the file above its threshold.
  photoResize: {
    first: { overBytes: 2 * MiB, maxWidth: 1920, maxHeight: 1080, quality: 0.8 },
    second: { overBytes: 8 * MiB, maxWidth: 1280, maxHeight: 720, quality: 0.6 },
  },
  toastLimit: 1,
  toastRemoveDelayMs: 1_000_000,
  toastViewportMaxWidthPx: 420,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  tooltipOffset: 4,
  geolocationTimeoutMs: 10_000,
  reverseGeocodeFallbackDecimals: 4,

  // Own limits (not product rules): bound free text so a single request cannot
  // store megabytes; generous enough for any real form input.
  eventNameMaxLength: 200,
  eventLocationMaxLength: 300,
  longTextMaxLength: 5000,
  shortTextMaxLength: 200,
  urlMaxLength: 2048,
  standNumberMaxLength: 50,
  // Germany's largest markets have a few thousand stands; above this a number is a typo (and beyond the column's range).
  maxStandsMax: 10_000,
  // A market's dates (and deadline) lie in these years: year 1 or 9999 is a typo that would sit in every list and feed.
  dateYearMin: 2000,
  dateYearMax: 2099,
  specialtiesMax: 20,
  // Decoded size of one uploaded image: above the browser's ~8 MB second resize
  // threshold, and as base64 (x4/3) still under a 15 MB request body limit.
  photoUploadMaxBytes: 10 * MiB,
  fileNameMaxLength: 255,
  eventListMaxLimit: 500,
  /** The widest radius search: its grid cells stay few (docs/adr/0004-geo-search.md), so every search costs about the same. */
  eventSearchMaxRadiusKm: 100,
  /** Paging deeper than this is no browsing; it also keeps offset + limit a plain integer in SQL. */
  eventListMaxOffset: 10_000_000,
  reviewRatingMin: 1,
  reviewCommentMaxLength: 1000,
  geocodeMaxResults: 10,
  eventIdsPerQuery: 200,
  reviewRatingMax: 5,
} as const;

/** Whether a year lies in the years a market's dates may have (LIMITS.dateYearMin–dateYearMax). */
export const isMarketYear = (year: number) => year >= LIMITS.dateYearMin && year <= LIMITS.dateYearMax;

// Map defaults (docs/product.md#maps). Centres are [lat, lng] as the map library expects.
export const MAP = {
  defaultCenter: [52.52, 13.405],
  landingCenter: [51.1657, 10.4515],
  interactiveZoom: 11,
  landingZoom: 6,
  landingZoomFound: 10,
  pickerZoom: 12,
  pickerZoomSelected: 15,
  eventPageZoom: 16,
  eventPageZoomNoCoordinates: 10,
  pickerHeightPx: 300,
  defaultHeightPx: 400,
  eventPageHeightPx: 300,
} as const;

export const BRAND = {
  gradientFrom: '#2B4162',
  gradientTo: '#385F71',
} as const;

export const DATE_LOCALE = 'de-DE';
// "today" and date=YYYY-MM-DD filters are evaluated in this zone (docs/product.md#calls-and-answers).
export const TIME_ZONE = 'Europe/Berlin';

/** A fixed-window rate limit: at most `max` requests per window. */
function perWindow(max: number, minutes: number) {
  return { max, windowSeconds: minutes * 60, windowMs: minutes * MINUTE_MS } as const;
}

// Defaults of docs/product.md#abuse-limits; deployments may override them. Seconds feed the
// Retry-After header, milliseconds the timers.
export const ABUSE_LIMITS = {
  guestRegistrations: perWindow(20, 10),
  /**
   * And per day: each registration may send its address one request to confirm it, so the window above
   * alone would let one client address have about 2,900 strangers mailed a day. A day's real guests
   * behind one shared address (a carrier's NAT) stay far below it.
   */
  guestRegistrationsPerDay: perWindow(100, 24 * 60),
  photoUploads: perWindow(30, 30),
  signInStarts: perWindow(30, 5),
  /** Looking up or accepting a team invite's code (issue 36): 6 characters are guessable without a limit. */
  teamInviteCodes: perWindow(20, 10),
} as const;
