import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_ERRORS, LIMITS, SCREENS } from '@flohmarkt/contracts';

interface FakeStand {
  photos: string[];
  /** User ids that may edit the stand's photos. */
  editors: Set<string>;
  guest: boolean;
  /** The reason of the last dropped upload (the stand read's photoError). */
  photoError: string | null;
}

/**
 * The stands service's three internal photo endpoints, in memory: the media service's tests do not
 * need the real stands service, only its contract (docs/product.md#photos and contracts internal-calls.ts).
 */
export class FakeStands {
  readonly stands = new Map<string, FakeStand>();
  /** When set, POST answers 409 whatever the list holds (another upload won the race). */
  refuseNextAdd = false;
  private server: http.Server | null = null;

  constructor(private readonly token: string) {}

  add(standId: string, editors: string[], options: { guest?: boolean; photos?: string[] } = {}): void {
    this.stands.set(standId, { photos: options.photos ?? [], editors: new Set(editors), guest: options.guest ?? false, photoError: null });
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-internal-token'] !== this.token) return send(401, { message: API_ERRORS.unauthenticated, code: 'UNAUTHENTICATED' });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { path?: string; reason?: string }) : {};
    const match = /^\/internal\/stands\/([^/]+)\/(photo-access|photos)$/.exec(req.url ?? '');
    const stand = match ? this.stands.get(match[1]) : undefined;
    if (!match || !stand) return send(404, { message: API_ERRORS.standNotFound, code: 'NOT_FOUND' });
    const [, standId, what] = match;
    if (what === 'photo-access' && req.method === 'GET') {
      const userId = String(req.headers['x-user-id'] ?? '');
      if (!stand.editors.has(userId)) return send(403, { message: stand.guest ? SCREENS.guestStandOrganizerOnly : API_ERRORS.forbidden, code: 'FORBIDDEN' });
      return send(200, { standId, photos: stand.photos });
    }
    if (what === 'photos' && req.method === 'POST' && body.path) {
      if (stand.photos.includes(body.path)) return send(200, { photos: stand.photos });
      if (this.refuseNextAdd || stand.photos.length >= LIMITS.maxPhotosPerStand) {
        this.refuseNextAdd = false;
        return send(409, { message: API_ERRORS.tooManyPhotos, code: 'CONFLICT' });
      }
      stand.photos = [...stand.photos, body.path];
      return send(200, { photos: stand.photos });
    }
    if (what === 'photos' && req.method === 'DELETE' && body.path) {
      if (stand.photos.includes(body.path) && body.reason) stand.photoError = body.reason;
      stand.photos = stand.photos.filter((p) => p !== body.path);
      return send(200, { photos: stand.photos });
    }
    return send(400, { message: API_ERRORS.invalidInput, code: 'VALIDATION' });
  }
}
