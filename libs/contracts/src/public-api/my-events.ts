import { ZMyEvent } from '../my-events.js';
import { publicCall, type PublicCall } from './public-call.js';

/** "Meine Flohmärkte": the markets the signed-in caller organises (admins too see only their own); the total in X-Total-Count. */
export const LIST_MY_EVENTS = publicCall({
  method: 'GET',
  path: '/me/events',
  service: 'events',
  summary: 'Meine Flohmärkte',
  signIn: true,
  answers: [{ status: 200, description: 'Die eigenen Flohmärkte mit ihren Zählern.', schema: ZMyEvent, list: true }],
});

/** The my-events calls, in the order the OpenAPI document lists them. */
export const MY_EVENTS_CALLS: readonly PublicCall[] = [LIST_MY_EVENTS];
