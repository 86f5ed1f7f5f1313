import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { API_ERRORS, ITEM_PHOTO_UPLOAD_ACCESS, PHOTO_UPLOAD_ACCESS, type TAuthUser } from '@flohmarkt/contracts';
import { DomainError, PeerClient, UploadGate, parseRequestTarget } from '@flohmarkt/server-kit';
import type { TGatewayEnv } from '../config.js';
import { apiRouteOf } from '../routing/api-route-of.js';
import type { ServiceClients } from '../services/services.js';
import { clientKey } from './client-address.js';
import { continueBody } from './expect-continue.js';
import { guestManageToken } from './manage-token.js';
import { sendError } from './send-error.js';
import { causeOf, noteUnavailable, PeerUnavailableError } from './unavailable.js';

/** Seconds a refused uploader is told to wait: about one upload's time. */
const RETRY_AFTER_S = 5;

const UPLOAD_PATH = /^\/stands\/([^/]+)\/photos\/?$/;
/** An item's photo (issue 35): media asks stands whether the caller may change the item. */
const ITEM_UPLOAD_PATH = /^\/items\/([^/]+)\/photo\/?$/;

/** Media's question before the body: a stand's photo or an item's, by the upload's path. */
function accessCallOf(apiPath: string): { call: typeof PHOTO_UPLOAD_ACCESS | typeof ITEM_PHOTO_UPLOAD_ACCESS; id: string } {
  const item = ITEM_UPLOAD_PATH.exec(apiPath);
  if (item) return { call: ITEM_PHOTO_UPLOAD_ACCESS, id: item[1] };
  return { call: PHOTO_UPLOAD_ACCESS, id: UPLOAD_PATH.exec(apiPath)?.[1] ?? '' };
}

/** What decides an upload before its body is read: the process's slots, and media's access answer. */
export interface UploadAdmission {
  gate: UploadGate;
  media: PeerClient;
}

export function uploadAdmission(config: TGatewayEnv, services: ServiceClients): UploadAdmission {
  return { gate: UploadGate.fromSettings(config), media: new PeerClient(services.media, config.SERVICE_TIMEOUT_MS) };
}

/**
 * How long a photo upload may take in all (http/request-deadline.ts): the access check, the wait for
 * a slot, its body, and the service's longer timeout, plus the second every request has.
 */
export function uploadBoundMs(config: TGatewayEnv): number {
  return config.SERVICE_TIMEOUT_MS + config.UPLOAD_WAIT_MS + config.UPLOAD_BODY_TIMEOUT_MS + config.UPLOAD_TIMEOUT_MS + 1000;
}

/** Whether a request (not yet routed) is a photo upload, whose `100 Continue` waits for admitUpload. */
export function isUploadRequest(req: IncomingMessage): boolean {
  const target = parseRequestTarget(req.url ?? '');
  if (!target?.path.startsWith('/api/')) return false;
  return apiRouteOf(req, target.path.slice('/api'.length))?.upload === true;
}

/**
 * Decides an upload before a byte of its body is read, and answers a refusal itself (returning
 * false; the connection then closes, so the unread body is never taken in):
 * 1. may this caller upload to that stand (or item)? Media asks stands (404, 403), so a stranger holds no slot.
 *    Signed in or a guest with the stand's manage token, which goes along to stands (without either,
 *    the route's `signIn: 'or-manage-token'` answered 401 before this);
 * 2. a slot (upload-gate.ts): 429 when the user (a guest: their address) or the client address
 *    (IPv6 by /64) has enough uploads in flight, 503 when the process stays full. The slot is given
 *    back when the answer is done, and the body must then arrive within UPLOAD_BODY_TIMEOUT_MS (forward.ts: 408);
 * 3. `100 Continue` for a client that waits for it (expect-continue.ts).
 */
export async function admitUpload(admission: UploadAdmission, user: TAuthUser | null, apiPath: string, req: Request, res: Response): Promise<boolean> {
  // Also beside a session: someone signed in may manage a guest's stand by its link, as its items are.
  const manageToken = guestManageToken(req);
  const access = accessCallOf(apiPath);
  try {
    await admission.media.call(access.call, { params: { id: access.id }, caller: user ? { id: user.id, role: user.role } : null, manageToken });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.code === 'UNAVAILABLE') noteUnavailable(res, causeOf(new PeerUnavailableError('media', err)));
    return refuse(req, res, err.code, err.message);
  }
  const slot = await admission.gate.enter(user ? `user:${user.id}` : `guest:${clientKey(req)}`, clientKey(req));
  if (typeof slot !== 'function') {
    res.setHeader('Retry-After', String(RETRY_AFTER_S));
    if (slot === 'process-busy') {
      noteUnavailable(res, { code: 'UPLOAD_SLOTS_FULL', peer: 'gateway', attempt: 1, mayHaveReached: false });
      return refuse(req, res, 'UNAVAILABLE', API_ERRORS.serviceUnavailable);
    }
    return refuse(req, res, 'RATE_LIMITED', slot === 'address-busy' ? API_ERRORS.tooManyUploads : API_ERRORS.tooManyRequests);
  }
  res.on('close', slot);
  continueBody(res);
  return true;
}

function refuse(req: Request, res: Response, code: DomainError['code'], message: string): false {
  res.setHeader('Connection', 'close');
  sendError(res, code, message, { error: message });
  // Whatever a client sent without waiting for 100 is dropped, not kept, until the connection closes.
  req.resume();
  return false;
}
