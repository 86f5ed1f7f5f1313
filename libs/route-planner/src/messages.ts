import { MAX_ROUTE_STOPS } from './limits.js';

/** German sentences for the errors of the planner; the server answers them as 400 `{ message }`. */
export const ROUTE_MESSAGES = {
  tooManyStops: (count: number) => `Eine Runde kann höchstens ${MAX_ROUTE_STOPS} Stände umfassen (gewählt: ${count}).`,
  duplicateStop: 'Jeder Stand darf nur einmal in der Runde vorkommen.',
  unknownStartStop: 'Der Startstand gehört nicht zu den Ständen der Runde.',
  unknownStop: 'Die Reihenfolge enthält einen Stand, der nicht zur Runde gehört.',
  invalidStop: 'Ein Stand der Runde hat keine gültigen Koordinaten.',
  invalidStart: 'Der Startpunkt hat keine gültigen Koordinaten.',
  invalidMode: 'Bitte „zu Fuß“ oder „mit dem Fahrrad“ wählen.',
  invalidDistance: 'Die Wegstrecken zwischen den Ständen konnten nicht berechnet werden.',
  /** The server plans a few routes at a time; more waiting than its queue holds answer 503 with this. */
  busy: 'Gerade werden sehr viele Runden geplant. Bitte versuche es in ein paar Sekunden erneut.',
} as const;
