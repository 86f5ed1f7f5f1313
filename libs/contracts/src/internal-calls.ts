import { z } from 'zod';
import { ZSignInComplete, ZSignInCompleted, ZSignInEnd, ZSignInEnded, ZSignInStarted } from './internal.js';
import { internalCall } from './internal-call.js';
import { ZItemPhotoAccess, ZItemPhotoSet, ZItemPhotoSetAnswer, ZStandPhotoAccess, ZStandPhotoVisibility } from './internal-media.js';
import { ZUserEventsExport, ZUserStandsExport } from './account-export.js';
import { ZEvent } from './event.js';
import { ZTeamFacts } from './market-day.js';
import { ZAuthUser } from './user.js';

/*
 * The synchronous calls between the apps, each declared once (internal-call.ts). ARCHITECTURE.md's
 * table "Synchronous calls between services" lists the same calls with who makes them; everything
 * else one context needs of another comes from its own read model.
 */

/** The gateway's sign-in: the auth service speaks OpenID Connect; the gateway keeps the browser session. */
export const SIGN_IN_START = internalCall({
  peer: 'auth',
  method: 'POST',
  path: '/internal/sign-in/start',
  body: z.object({}),
  answer: ZSignInStarted,
  why: 'a sign-in is a conversation with the identity provider that the auth service holds',
});

export const SIGN_IN_COMPLETE = internalCall({
  peer: 'auth',
  method: 'POST',
  path: '/internal/sign-in/complete',
  body: ZSignInComplete,
  answer: ZSignInCompleted,
  why: 'the code exchange and the user it signs in must happen now',
});

export const SIGN_IN_END = internalCall({
  peer: 'auth',
  method: 'POST',
  path: '/internal/sign-in/end',
  body: ZSignInEnd,
  answer: ZSignInEnded,
  why: "the provider's end-session URL for this user",
});

/** The session's user with the role as it is now: a role an admin changed applies to the next request. */
export const SESSION_USER = internalCall({
  peer: 'auth',
  method: 'GET',
  path: '/internal/users/:id',
  answer: ZAuthUser,
  why: 'an access decision: the role must be fresh at that instant',
});

/**
 * May the caller change this stand's photos (the rule of editing the stand). The list itself is
 * media's (it announces every change to stands, StandPhotosChanged); stands only decides who may.
 */
export const STAND_PHOTO_ACCESS = internalCall({
  peer: 'stands',
  method: 'GET',
  path: '/internal/stands/:id/photo-access',
  answer: ZStandPhotoAccess,
  why: 'an access decision, made by the owner of the stand',
});

/**
 * The gateway, before it reads a photo upload's body: may the caller upload to this stand? Media
 * answers it by asking stands (STAND_PHOTO_ACCESS), so a stranger's upload is refused before a byte
 * of it is read and holds no upload slot (docs/adr/0007-photo-storage-and-pipeline.md).
 */
export const PHOTO_UPLOAD_ACCESS = internalCall({
  peer: 'media',
  method: 'GET',
  path: '/internal/stands/:id/photo-upload-access',
  answer: ZStandPhotoAccess,
  why: 'an access decision, made before the body of an upload is read',
});

/**
 * Serving a photo: whether the caller (or anyone, signed out) may see the stand, as the stand pages
 * decide it (a pending, rejected or withdrawn stand's photos are 404 to everyone else), and whether
 * the stand is public, which makes the photo cacheable by shared caches.
 */
export const STAND_PHOTO_VISIBILITY = internalCall({
  peer: 'stands',
  method: 'GET',
  path: '/internal/stands/:id/photo-visibility',
  answer: ZStandPhotoVisibility,
  why: "an access decision, made by the owner of the stand: a hidden stand's photos must stop at once",
});

/**
 * May the caller change this item's photo (issue 35: the rule of changing the item, owner, organiser
 * or admin, or a guest whose manage token comes along in X-Manage-Token). Answers the stand it
 * belongs to: the photo is stored and served under it.
 */
export const ITEM_PHOTO_ACCESS = internalCall({
  peer: 'stands',
  method: 'GET',
  path: '/internal/items/:id/photo-access',
  answer: ZItemPhotoAccess,
  why: 'an access decision, made by the owner of the item',
});

/** The gateway, before it reads an item photo's body (as PHOTO_UPLOAD_ACCESS for a stand's): media asks stands (ITEM_PHOTO_ACCESS). */
export const ITEM_PHOTO_UPLOAD_ACCESS = internalCall({
  peer: 'media',
  method: 'GET',
  path: '/internal/items/:id/photo-upload-access',
  answer: ZItemPhotoAccess,
  why: 'an access decision, made before the body of an upload is read',
});

/**
 * Media sets the item's photo path once the upload is stored (null once it is removed); stands
 * decides the caller's right again. Media calls it under its lock of the item, so the path stands
 * keeps and the photo media keeps are the same: the last call wins at both.
 */
export const ITEM_PHOTO_SET = internalCall({
  peer: 'stands',
  method: 'POST',
  path: '/internal/items/:id/photo',
  body: ZItemPhotoSet,
  answer: ZItemPhotoSetAnswer,
  why: "the upload's answer is the item's new photo: the item must name it before the caller hears of it",
});

/**
 * The event as it is now, for a change at one of its stands: organiser, coordinates, start, and
 * everything registrationClosedReason(event, now) decides by (status, end, registration switch
 * and deadline).
 */
export const EVENT_NOW = internalCall({
  peer: 'events',
  method: 'GET',
  path: '/internal/events/:id',
  // The team (issue 36) decides with the organiser who may manage the market and run its day.
  answer: ZEvent.extend({ team: ZTeamFacts }),
  why: 'an access decision and a rule that must be fresh: who organises, whether registration is open (not cancelled, ended or past its deadline)',
});

/**
 * The events a user organises, every phase: for their data export (GET /api/me/export) and for the
 * rule of self-deletion (no upcoming or running event may lose its organiser).
 */
export const USER_EVENTS_EXPORT = internalCall({
  peer: 'events',
  method: 'GET',
  path: '/internal/users/:id/events',
  answer: ZUserEventsExport,
  why: 'a data export must be complete and fresh at that instant, and self-deletion decides by the events as they are now',
});

/** The stands a user registered (every status, with photo links) and the reviews they wrote: for their data export. */
export const USER_STANDS_EXPORT = internalCall({
  peer: 'stands',
  method: 'GET',
  path: '/internal/users/:id/stand-data',
  answer: ZUserStandsExport,
  why: "a data export must be complete and fresh at that instant; no read model holds all of a user's stands",
});

/**
 * The street at a point, for the organiser's stands per street: asked once per stand position by the
 * stands service's background lookup, answered by the events service's online geocoder (its usage
 * policy, one request per second across replicas, kept there). `geocoder: false`: none is configured
 * (the overview groups by grid cells); `street: null`: the geocoder names no street there. A geocoder
 * that is busy or down is a 503: ask again later.
 */
export const STREET_AT = internalCall({
  peer: 'events',
  method: 'GET',
  path: '/internal/geocode/street',
  query: z.object({ lat: z.string(), lng: z.string() }),
  // postcode and town: where the geocoder names them (the address search's index of stands' streets).
  answer: z.object({ geocoder: z.boolean(), street: z.string().nullable(), postcode: z.string().nullable(), town: z.string().nullable() }),
  why: 'only the events service talks to the online geocoder, so its one request per second holds for the whole product',
});

/** What the events service's gazetteer says of a stand's postcode and town (ADDRESS_CHECK's answer). */
const ZAddressCheck = z.object({
  /** A postcode Germany has: else the address is refused, naming the postcode. */
  postcodeKnown: z.boolean(),
  /** The town is one of the postcode's places (either spelling, a short name, or a part of one). */
  townFits: z.boolean(),
  /** The postcode area's point, for the 15 km rule of a stand without a point of its own; null when unknown. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type TAddressCheck = z.infer<typeof ZAddressCheck>;

/** The query of ADDRESS_CHECK: the address's postcode and town as the stand's body holds them. */
export const ZAddressCheckQuery = z.object({ postcode: z.string(), town: z.string() });

/**
 * A stand's postcode and town checked against the offline gazetteer (issue 33), asked by the stands
 * service at every stand create that carries an address, and at edits that change its postcode or town
 * or leave it without a point. Offline: no geocoder is asked.
 */
export const ADDRESS_CHECK = internalCall({
  peer: 'events',
  method: 'GET',
  path: '/internal/geocode/address',
  query: ZAddressCheckQuery,
  answer: ZAddressCheck,
  why: 'only the events service holds the gazetteer of German places and postcodes',
});
