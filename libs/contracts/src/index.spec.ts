import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';

describe('package entry', () => {
  it('exports the names the apps import', () => {
    const names = [
      'STAND_CATEGORIES', 'FOOD_CATEGORIES', 'ACTIVITY_CATEGORIES', 'ZStandCategory', 'ZFoodCategory', 'ZActivityCategory',
      'LIMITS', 'MAP', 'BRAND', 'DATE_LOCALE', 'TIME_ZONE', 'ABUSE_LIMITS',
      'VALIDATION', 'TOASTS', 'SCREENS', 'API_ERRORS', 'standTooFar',
      'ERROR_CODES', 'ERROR_STATUS', 'ZErrorBody', 'firstZodMessage',
      'ROLES', 'ZRole', 'ROLE_LABELS', 'ZUser', 'ZAuthUser', 'ZUserUpdate', 'ZRoleUpdate', 'ZAdminUser',
      'ZSignInComplete', 'ZSignInEnd',
      'ZEvent', 'ZEventCreate', 'ZEventUpdate', 'ZEventListQuery', 'ZAdminEvent',
      'STAND_STATUSES', 'ZStandStatus', 'STAND_STATUS_LABELS', 'ZStand', 'ZStandCreate', 'ZStandUpdate', 'ZGuestStandCreate',
      'ZStandReject', 'ACTIVE_STAND_STATUSES', 'ZGuestStandCreated', 'ZGuestStandView', 'ZGuestManageToken', 'ZMailOptOut', 'MAIL_OPT_OUT_SCOPES',
      'ZExhibitorProfile', 'ZExhibitorProfileCreate', 'ZExhibitorProfileUpdate', 'ZExhibitor',
      'ZReview', 'ZSession', 'ZPhotoUpload', 'ZPhotoDelete', 'ZPhotosResponse', 'haversineKm', 'ZGeocodeResult',
    ];
    for (const name of names) expect(contracts, name).toHaveProperty(name);
  });
});
