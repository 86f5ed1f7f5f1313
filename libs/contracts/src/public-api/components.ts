import { z } from 'zod';
import { ZAccountDelete, ZAccountExport } from '../account-export.js';
import { ZErrorBody } from '../error-body.js';
import { ZEvent, ZEventCancel, ZEventCreate, ZEventUpdate } from '../event.js';
import { ZEventViewport } from '../event-viewport.js';
import { ZExhibitor, ZExhibitorProfile, ZExhibitorProfileCreate, ZExhibitorProfileUpdate } from '../exhibitor-profile.js';
import { ZFavourites } from '../favourites.js';
import { ZGeocodeResult, ZReverseGeocodeResult } from '../geo.js';
import { ZGuestStandCreated, ZGuestStandView } from '../guest-stand.js';
import { ZStandLiveUpdate } from '../live.js';
import { ZMailConfirmation, ZMailOptOut } from '../mail-opt-out.js';
import { ZMyEvent } from '../my-events.js';
import { ZPhotoDelete, ZPhotoUpload, ZPhotosResponse } from '../photo.js';
import { ZReview, ZReviewCreate } from '../review.js';
import { ZRouteAnswer } from '../route.js';
import { ZStandNumbering } from '../stand-numbers.js';
import {
  ZAdminStandStats,
  ZDraftListStand,
  ZGuestStandCreate,
  ZStand,
  ZStandBulkReview,
  ZStandCreate,
  ZStandExhibitor,
  ZStandOverview,
  ZStandReject,
  ZStandUpdate,
  ZWalkUpStandCreate,
} from '../stand.js';
import { ZStandPhotoState } from '../internal-media.js';
import { ZPublicUser } from '../internal-auth.js';
import { ZAdminUser, ZAuthUser, ZRoleUpdate, ZUserUpdate } from '../user.js';

/** `GET /api/health`: the gateway's own answer. */
export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  services: z.record(z.string(), z.enum(['up', 'down'])),
  redis: z.enum(['up', 'down']),
  missing: z.array(z.string()).optional(),
  message: z.string().optional(),
});

/**
 * The shapes the OpenAPI document names as components (a call's schema that is not here is written
 * inline). Answers are read with zod's output view (what a client receives), bodies with the input
 * view (what a client may send).
 */
export const ANSWER_COMPONENTS = {
  Event: ZEvent,
  EventViewport: ZEventViewport,
  Stand: ZStand,
  DraftListStand: ZDraftListStand,
  StandOverview: ZStandOverview,
  GuestStandCreated: ZGuestStandCreated,
  GuestStandView: ZGuestStandView,
  StandExhibitor: ZStandExhibitor,
  StandPhotoState: ZStandPhotoState,
  Review: ZReview,
  User: ZPublicUser,
  AuthUser: ZAuthUser,
  AdminUser: ZAdminUser,
  ExhibitorProfile: ZExhibitorProfile,
  Exhibitor: ZExhibitor,
  GeocodeResult: ZGeocodeResult,
  ReverseGeocodeResult: ZReverseGeocodeResult,
  Photos: ZPhotosResponse,
  AdminStandStats: ZAdminStandStats,
  Health: ZHealth,
  MailOptOut: ZMailOptOut,
  MailConfirmation: ZMailConfirmation,
  AccountExport: ZAccountExport,
  Favourites: ZFavourites,
  MyEvent: ZMyEvent,
  RouteAnswer: ZRouteAnswer,
  // Every error is { message }; photo calls repeat it in `error` (a specific refusal's code travels in ERROR_CODE_HEADER).
  Error: ZErrorBody.pick({ message: true }),
  PhotoError: ZErrorBody.pick({ message: true, error: true }).required(),
} as const;

export const BODY_COMPONENTS = {
  EventCreate: ZEventCreate,
  EventUpdate: ZEventUpdate,
  EventCancel: ZEventCancel,
  StandCreate: ZStandCreate,
  StandUpdate: ZStandUpdate,
  StandReject: ZStandReject,
  StandBulkReview: ZStandBulkReview,
  WalkUpStandCreate: ZWalkUpStandCreate,
  StandNumbering: ZStandNumbering,
  GuestStandCreate: ZGuestStandCreate,
  ReviewCreate: ZReviewCreate,
  PhotoUpload: ZPhotoUpload,
  PhotoDelete: ZPhotoDelete,
  UserUpdate: ZUserUpdate,
  RoleUpdate: ZRoleUpdate,
  ExhibitorProfileCreate: ZExhibitorProfileCreate,
  ExhibitorProfileUpdate: ZExhibitorProfileUpdate,
  AccountDelete: ZAccountDelete,
  StandLiveUpdate: ZStandLiveUpdate,
} as const;
