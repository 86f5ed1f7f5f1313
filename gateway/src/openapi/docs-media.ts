import { API_ERRORS, MEDIA_ERRORS, STAND_API_ERRORS, VALIDATION } from '@flohmarkt/contracts';
import { EXAMPLE_IDS, EXAMPLE_PHOTO_PATH, EXAMPLE_STAND } from './examples.js';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

const STAND_ID = { id: 'Die ID des Stands (UUID).' };
// A real data URL would be megabytes; the example shows its head, which is what the schema checks first.
const PHOTO_DATA =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHR8eHR0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

/** The media service: stand photos. */
export const MEDIA_DOCS: RouteDocTable = {
  'POST /stands/:id/photos': {
    idempotent: true,
    summary: 'Foto zu einem Stand hochladen',
    description:
      'Wer den Stand bearbeiten darf; höchstens 3 Fotos je Stand und 30 Uploads in 30 Minuten je Benutzer. Das Foto steht sofort in der Liste ' +
      'und wird im Hintergrund verkleinert; bis dahin antwortet sein Pfad 404, der Stand meldet den Zustand in `photoStates`. ' +
      'Gespeichert wird es höchstens 1920×1080 groß; Bilder über 40 Megapixel antworten 400. ' +
      'Wer hochladen darf, wird vor dem Body entschieden (`Expect: 100-continue` wird erst danach mit 100 beantwortet); ' +
      'ein Body, der nicht innerhalb von 30 Sekunden vollständig ankommt, antwortet 408, und je Anschluss laufen höchstens 2 Uploads gleichzeitig (sonst 429). ' +
      'Fehler tragen die Meldung auch in `error`.',
    params: STAND_ID,
    body: { schema: 'PhotoUpload', example: { photoData: PHOTO_DATA, fileName: 'stand-hof-17.jpg' } },
    answers: [{ status: 200, description: 'Die Fotoliste des Stands nach dem Upload.', schema: 'Photos', example: { photos: EXAMPLE_STAND.photos } }],
    errors: {
      404: [API_ERRORS.standNotFound],
      403: [API_ERRORS.forbidden],
      400: [VALIDATION.imageRequired, VALIDATION.photoTooLarge, MEDIA_ERRORS.heicUnsupported],
      409: [API_ERRORS.tooManyPhotos],
    },
  },
  'DELETE /stands/:id/photos': {
    summary: 'Foto eines Stands löschen',
    description: 'Wer den Stand bearbeiten darf. `photoPath` ist einer der Pfade aus `photos` des Stands. Fehler tragen die Meldung auch in `error`.',
    params: STAND_ID,
    body: { schema: 'PhotoDelete', example: { photoPath: EXAMPLE_PHOTO_PATH } },
    answers: [{ status: 200, description: 'Die Fotoliste des Stands nach dem Löschen.', schema: 'Photos', example: { photos: [] } }],
    errors: {
      404: [API_ERRORS.standNotFound, MEDIA_ERRORS.photoNotFound],
      403: [API_ERRORS.forbidden],
      400: [VALIDATION.photoPathRequired, STAND_API_ERRORS.photosOnlyReorder],
    },
  },
  'GET /media/*': {
    summary: 'Foto eines Stands abrufen',
    description:
      'Die Pfade stehen in `photos` eines Stands; `…/{photoId}.thumb.jpg` ist das Vorschaubild (etwa 400 px breit). ' +
      'Ein Foto ändert sich nie und darf für immer zwischengespeichert werden.',
    path: '/media/stands/{standId}/{file}',
    params: {
      standId: 'Die ID des Stands (UUID).',
      file: `\`{photoId}.jpg\` oder \`{photoId}.thumb.jpg\`, z. B. \`${EXAMPLE_IDS.photo}.jpg\`.`,
    },
    answers: [
      {
        status: 200,
        description: 'Das Foto als JPEG.',
        mediaType: 'image/jpeg',
        headers: {
          'Cache-Control': { description: 'Immer `public, max-age=31536000, immutable`.', schema: { type: 'string' } },
          ETag: { description: 'Mit `If-None-Match` antwortet der Aufruf 304.', schema: { type: 'string' } },
        },
      },
      { status: 304, description: 'Das Foto hat sich nicht geändert (`If-None-Match`).' },
    ],
    errors: { 404: [MEDIA_ERRORS.photoNotFound, MEDIA_ERRORS.photoProcessing] },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const MEDIA_CALL_DOCS: readonly CallDocEntry[] = [];
