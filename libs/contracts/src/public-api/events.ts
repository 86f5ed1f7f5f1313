import { ZEvent } from '../event.js';
import { API_ERRORS } from '../messages.js';
import { publicCall, type PublicCall } from './public-call.js';

/** One market, as everyone sees it (an anonymous caller's from the gateway's shared cache). */
export const GET_EVENT = publicCall({
  method: 'GET',
  path: '/events/:id',
  service: 'events',
  summary: 'Einen Flohmarkt lesen',
  cache: 'shared',
  answers: [{ status: 200, description: 'Der Flohmarkt.', schema: ZEvent }],
  errors: { 404: [API_ERRORS.eventNotFound] },
});

/** The events calls, in the order the OpenAPI document lists them. */
export const EVENTS_CALLS: readonly PublicCall[] = [GET_EVENT];
