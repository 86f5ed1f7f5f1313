import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZEventCreate, ZEventUpdate } from './event.js';
import { ZEventListQuery } from './event-query.js';
import { ZEventViewportQuery } from './event-viewport.js';
import { ZExhibitorProfileCreate, ZExhibitorProfileUpdate } from './exhibitor-profile.js';
import { ZGeocodeQuery, ZReverseGeocodeQuery } from './geo.js';
import { ZPhotoDelete, ZPhotoUpload } from './photo.js';
import { ZReviewCreate } from './review.js';
import { ZGuestStandCreate, ZStandCreate, ZStandLocationUpdate, ZStandReject, ZStandUpdate } from './stand.js';
import { ZRoleUpdate, ZUserUpdate } from './user.js';

// Servers answer the first issue's message to the user: whatever a client sends
// into any body or query field, the answer must not be zod's English default.
const ENGLISH = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;
const WRONG_VALUES: unknown[] = [{}, [], 42, true, 'x', null, [{}]];

const schemas: Record<string, [z.ZodType, string[]]> = {
  ZEventCreate: [ZEventCreate, Object.keys(ZEventCreate.shape)],
  ZEventUpdate: [ZEventUpdate, Object.keys(ZEventUpdate.shape)],
  ZEventListQuery: [ZEventListQuery, ['upcoming', 'date', 'lat', 'lng', 'radiusKm', 'bbox', 'limit', 'offset', 'sort']],
  ZEventViewportQuery: [ZEventViewportQuery, Object.keys(ZEventViewportQuery.shape)],
  ZStandCreate: [ZStandCreate, Object.keys(ZStandCreate.shape)],
  ZStandUpdate: [ZStandUpdate, Object.keys(ZStandUpdate.shape)],
  ZStandLocationUpdate: [ZStandLocationUpdate, Object.keys(ZStandLocationUpdate.shape)],
  ZGuestStandCreate: [ZGuestStandCreate, Object.keys(ZGuestStandCreate.shape)],
  ZStandReject: [ZStandReject, Object.keys(ZStandReject.shape)],
  ZUserUpdate: [ZUserUpdate, Object.keys(ZUserUpdate.shape)],
  ZRoleUpdate: [ZRoleUpdate, Object.keys(ZRoleUpdate.shape)],
  ZExhibitorProfileCreate: [ZExhibitorProfileCreate, Object.keys(ZExhibitorProfileCreate.shape)],
  ZExhibitorProfileUpdate: [ZExhibitorProfileUpdate, Object.keys(ZExhibitorProfileUpdate.shape)],
  ZPhotoUpload: [ZPhotoUpload, Object.keys(ZPhotoUpload.shape)],
  ZPhotoDelete: [ZPhotoDelete, Object.keys(ZPhotoDelete.shape)],
  ZReviewCreate: [ZReviewCreate, Object.keys(ZReviewCreate.shape)],
  ZGeocodeQuery: [ZGeocodeQuery, Object.keys(ZGeocodeQuery.shape)],
  ZReverseGeocodeQuery: [ZReverseGeocodeQuery, Object.keys(ZReverseGeocodeQuery.shape)],
};

describe('input schemas speak German', () => {
  for (const [name, [schema, fields]] of Object.entries(schemas)) {
    it(`${name}: every wrong value in every field`, () => {
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        for (const value of WRONG_VALUES) {
          const result = schema.safeParse({ [field]: value });
          if (result.success) continue;
          for (const issue of result.error.issues) {
            expect(issue.message, `${name}.${field} = ${JSON.stringify(value)}`).not.toMatch(ENGLISH);
          }
        }
      }
    });
  }
});
