// @flohmarkt/contracts: the wire format shared by web app, gateway and services.
export * from './categories.js';
export * from './limits.js';
export * from './messages.js';
export * from './errors.js';
export * from './fields.js';
export * from './user.js';
export * from './internal.js';
export * from './event.js';
export * from './event-query.js';
export * from './stand.js';
export * from './exhibitor-profile.js';
export * from './review.js';
export * from './session.js';
export * from './photo.js';
export * from './geo.js';
export * from './jobs.js';
