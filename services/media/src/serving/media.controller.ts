import { pipeline } from 'node:stream/promises';
import { Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { IsNull, type Repository } from 'typeorm';
import { GET_MEDIA_FILE, MANAGE_TOKEN_HEADER, MEDIA_ERRORS, isId } from '@flohmarkt/contracts';
import { Caller, JsonLogger, ManageToken, PublicRoute, fail, type CallerContext } from '@flohmarkt/server-kit';
import { PhotoEntity } from '../photos/photo.entity.js';
import { parseServedFile, type TVariant } from '../photos/photo-keys.js';
import { StandsClient } from '../peers/stands-client.js';
import { ObjectStore } from '../storage/object-store.js';
import { isStorageUnavailable } from '../storage/storage-errors.js';

/** Objects never change once written (new photo, new id), so browsers and proxies may keep the photos of approved stands for good. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * A photo of a stand not (yet) public: only this session may see it, and no cache may keep it
 * (it must stop at once for whoever loses the right, and never reach a shared cache).
 */
const PRIVATE_CACHE = 'private, no-store';

/**
 * GET_MEDIA_FILE: `stands/{standId}/{photoId}.jpg` and `.thumb.jpg` below /api/media, and an item's
 * photo below its stand, `stands/{standId}/items/{itemId}/{photoId}.jpg` (issue 35). 404 until the
 * worker has written the photo completely; then the bytes straight from the bucket.
 *
 * Photos follow their stand's visibility (docs/product.md#privacy): whoever may not see the stand
 * (pending, waitlisted, rejected, withdrawn) gets the same 404 as for a missing photo; a guest sees
 * their own stand's by its manage token. The stands service decides, as for the stand page
 * (STAND_PHOTO_VISIBILITY, an access decision).
 */
@Controller()
export class MediaController {
  constructor(
    @InjectRepository(PhotoEntity) private readonly photos: Repository<PhotoEntity>,
    private readonly store: ObjectStore,
    private readonly stands: StandsClient,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  @PublicRoute(GET_MEDIA_FILE)
  async serve(
    @Param('rest') rest: string[] | string,
    @Caller() caller: CallerContext | null,
    @ManageToken() manageToken: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const wanted = servedPhotoOf(Array.isArray(rest) ? rest : rest.split('/'));
    if (!wanted) throw fail.notFound(MEDIA_ERRORS.photoNotFound);
    const { standId } = wanted;
    const photo = await this.photos.findOne({
      select: { id: true, status: true, servedKey: true, thumbKey: true },
      where: { id: wanted.photoId, standId, itemId: wanted.itemId ?? IsNull() },
    });
    if (!photo || photo.status === 'failed' || photo.status === 'deleting') throw fail.notFound(MEDIA_ERRORS.photoNotFound);
    const key = wanted.variant === 'full' ? photo.servedKey : photo.thumbKey;
    if (photo.status === 'processing' || !key) throw fail.notFound(MEDIA_ERRORS.photoProcessing);
    const visibility = await this.stands.photoVisibility(standId, { caller, manageToken });
    if (!visibility) throw fail.notFound(MEDIA_ERRORS.photoNotFound);

    let object;
    try {
      object = await this.store.open(key);
    } catch (err) {
      if (isStorageUnavailable(err)) throw fail.unavailable(MEDIA_ERRORS.storageUnavailable);
      throw err;
    }
    if (!object) {
      this.logger.write('warn', 'ready photo without its object', { photoId: photo.id, key });
      throw fail.notFound(MEDIA_ERRORS.photoNotFound);
    }
    const etag = `"${object.etag}"`;
    res.setHeader('Cache-Control', visibility.public ? IMMUTABLE_CACHE : PRIVATE_CACHE);
    // Who asks decides a hidden stand's answer: no cache may hand one session's (or guest's) answer to another.
    if (!visibility.public) res.setHeader('Vary', `Cookie, ${MANAGE_TOKEN_HEADER}`);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', object.lastModified.toUTCString());
    if (req.headers['if-none-match'] === etag) {
      object.stream.destroy();
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', 'image/jpeg');
    res.setHeader('Content-Length', String(object.size));
    await pipeline(object.stream, res).catch((err: Error) => this.logger.write('warn', 'photo stream ended early', { photoId: photo.id, error: err.message }));
  }
}

/**
 * The rest of the path, one value per segment (Express 5): `stands/{standId}/{file}` names a stand's
 * photo, `stands/{standId}/items/{itemId}/{file}` an item's; anything else none.
 */
function servedPhotoOf(segments: string[]): { standId: string; itemId: string | null; photoId: string; variant: TVariant } | null {
  const [kind, standId, ...below] = segments;
  if (kind !== 'stands' || !isId(standId)) return null;
  const [itemId, file] =
    below.length === 3 && below[0] === 'items' && isId(below[1]) ? [below[1].toLowerCase(), below[2]] : [null, below.length === 1 ? below[0] : undefined];
  const served = file === undefined ? null : parseServedFile(file);
  return served && { standId: standId.toLowerCase(), itemId, ...served };
}
