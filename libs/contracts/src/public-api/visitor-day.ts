import { LIVE_MESSAGES, ZStandLiveUpdate } from '../live.js';
import { API_ERRORS, SCREENS } from '../messages.js';
import { ROUTE_CALL_MESSAGES, ZRouteAnswer, ZRouteQuery } from '../route.js';
import { ZStand } from '../stand.js';
import { callsOf, type PublicCall } from './public-call.js';

const standsCall = callsOf('stands');

/** "Meine Runde" on the server, for anyone: JSON, or GPX 1.1 with `format=gpx`. */
export const GET_EVENT_ROUTE = standsCall({
  method: 'GET',
  path: '/events/:id/route',
  summary: 'Meine Runde: kürzeste Reihenfolge über gewählte Stände',
  query: ZRouteQuery,
  answers: [
    { status: 200, description: 'Die Runde (JSON).', schema: ZRouteAnswer },
    { status: 200, description: 'Mit `format=gpx` die GPX-Datei.', mediaType: 'application/gpx+xml' },
  ],
  errors: {
    400: [ROUTE_CALL_MESSAGES.unknownStand, ROUTE_CALL_MESSAGES.standsRequired, ROUTE_CALL_MESSAGES.invalidStart, ROUTE_CALL_MESSAGES.nothingToVisit],
    404: [API_ERRORS.eventNotFound],
    // The gateway's limit of route plans per address or user and minute (ROUTE_LIMIT_*).
    429: [API_ERRORS.tooManyRequests],
  },
});

/** The live status on the event day: the stand's holder, the event's organiser or an admin (a guest stand: organiser or admin). */
export const SET_STAND_LIVE_STATE = standsCall({
  method: 'PATCH',
  path: '/stands/:id/live',
  summary: 'Live-Status am Markttag setzen',
  signIn: true,
  body: ZStandLiveUpdate,
  answers: [{ status: 200, description: 'Der Stand mit seinem Live-Status.', schema: ZStand }],
  errors: {
    400: [LIVE_MESSAGES.invalidState],
    403: [API_ERRORS.forbidden, SCREENS.guestStandOrganizerOnly, LIVE_MESSAGES.outsideEventDay, LIVE_MESSAGES.notApproved, LIVE_MESSAGES.eventCancelled],
    404: [API_ERRORS.standNotFound],
  },
});

/** The visitor-day calls, in the order the OpenAPI document lists them. */
export const VISITOR_DAY_CALLS: readonly PublicCall[] = [GET_EVENT_ROUTE, SET_STAND_LIVE_STATE];
