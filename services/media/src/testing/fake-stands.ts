import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_ERRORS, ITEM_MESSAGES, SCREENS } from '@flohmarkt/contracts';

interface FakeStand {
  /** User ids that may edit the stand's photos. */
  editors: Set<string>;
  guest: boolean;
  /** Public (approved) unless a test hides it: then only the editors see its photos. */
  approved: boolean;
  /** A guest stand's manage token: it opens the stand's photos and its items' without a session (X-Manage-Token). */
  manageToken?: string;
}

/**
 * The stands service's internal photo-access call, in memory: the media service's tests do not
 * need the real stands service, only its contract (contracts internal-calls.ts, STAND_PHOTO_ACCESS).
 */
export class FakeStands {
  readonly stands = new Map<string, FakeStand>();
  /** Items (issue 35) with their stand and the photo path the item names (ITEM_PHOTO_SET). */
  readonly items = new Map<string, { standId: string; photo: string | null }>();
  /** Set: the next ITEM_PHOTO_SET answers this status (a stands service that refuses or fails meanwhile). */
  failNextItemPhotoSet: number | null = null;
  private server: http.Server | null = null;

  constructor(private readonly token: string) {}

  add(standId: string, editors: string[], options: { guest?: boolean; manageToken?: string } = {}): void {
    this.stands.set(standId, { editors: new Set(editors), guest: options.guest ?? false, approved: true, manageToken: options.manageToken });
  }

  /** An item of a stand (its editors are the stand's). */
  addItem(itemId: string, standId: string): void {
    this.items.set(itemId, { standId, photo: null });
  }

  /** The stand leaves the public (pending, rejected, withdrawn) or comes back (approved). */
  setApproved(standId: string, approved: boolean): void {
    const stand = this.stands.get(standId);
    if (stand) stand.approved = approved;
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return; // never started
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-internal-token'] !== this.token) return send(401, { message: API_ERRORS.unauthenticated, code: 'UNAUTHENTICATED' });
    const userId = String(req.headers['x-user-id'] ?? '');
    const editor = (stand: FakeStand): boolean =>
      stand.editors.has(userId) || (stand.manageToken !== undefined && req.headers['x-manage-token'] === stand.manageToken);
    const visibility = /^\/internal\/stands\/([^/]+)\/photo-visibility$/.exec(req.url ?? '');
    if (visibility) {
      const seen = this.stands.get(visibility[1]);
      if (!seen || (!seen.approved && !editor(seen))) return send(404, { message: API_ERRORS.standNotFound, code: 'NOT_FOUND' });
      return send(200, { standId: visibility[1], public: seen.approved });
    }
    const itemCall = /^\/internal\/items\/([^/]+)\/(photo-access|photo)$/.exec(req.url ?? '');
    if (itemCall) return this.itemPhoto(req, itemCall[1], itemCall[2], editor, send);
    const match = /^\/internal\/stands\/([^/]+)\/photo-access$/.exec(req.url ?? '');
    const stand = match ? this.stands.get(match[1]) : undefined;
    if (!match || !stand || req.method !== 'GET') return send(404, { message: API_ERRORS.standNotFound, code: 'NOT_FOUND' });
    if (!editor(stand)) return send(403, { message: stand.guest ? SCREENS.guestStandOrganizerOnly : API_ERRORS.forbidden, code: 'FORBIDDEN' });
    return send(200, { standId: match[1] });
  }

  /** ITEM_PHOTO_ACCESS (GET .../photo-access) and ITEM_PHOTO_SET (POST .../photo, `{ photo }`). */
  private itemPhoto(
    req: http.IncomingMessage,
    itemId: string,
    call: string,
    edits: (stand: FakeStand) => boolean,
    send: (status: number, body: unknown) => void,
  ): void {
    const item = this.items.get(itemId);
    const stand = item ? this.stands.get(item.standId) : undefined;
    const editor = stand !== undefined && edits(stand);
    if (!item || !stand || (!stand.approved && !editor)) return send(404, { message: ITEM_MESSAGES.itemNotFound, code: 'NOT_FOUND' });
    if (!editor) return send(403, { message: ITEM_MESSAGES.editForbidden, code: 'FORBIDDEN' });
    if (call === 'photo-access' && req.method === 'GET') return send(200, { itemId, standId: item.standId });
    if (call !== 'photo' || req.method !== 'POST') return send(404, { message: ITEM_MESSAGES.itemNotFound, code: 'NOT_FOUND' });
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const failing = this.failNextItemPhotoSet;
      this.failNextItemPhotoSet = null;
      if (failing === 404) return send(404, { message: ITEM_MESSAGES.itemNotFound, code: 'NOT_FOUND' });
      if (failing !== null) return send(failing, { message: 'kaputt', code: 'INTERNAL' });
      item.photo = (JSON.parse(raw) as { photo: string | null }).photo;
      send(200, { itemId, standId: item.standId, photo: item.photo });
    });
  }
}
