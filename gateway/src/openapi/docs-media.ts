import {
  DELETE_ITEM_PHOTO,
  DELETE_STAND_PHOTO,
  GET_MEDIA_FILE,
  MANAGE_TOKEN_HEADER,
  UPLOAD_ITEM_PHOTO,
  UPLOAD_STAND_PHOTO,
  itemPhotoPath,
} from '@flohmarkt/contracts';
import { EXAMPLE_IDS, EXAMPLE_PHOTO_PATH, EXAMPLE_STAND } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { textHeader } from './answer-headers.js';
import { STAND_ID } from './path-params.js';

// A real data URL would be megabytes; the example shows its head, which is what the schema checks first.
const PHOTO_DATA =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHR8eHR0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

const ITEM_ID = { id: 'Die ID des Angebots (UUID).' };
const EXAMPLE_ITEM_PHOTO_PATH = itemPhotoPath(EXAMPLE_IDS.stand, EXAMPLE_IDS.item, EXAMPLE_IDS.photo);

/** The media service: stand and item photos (declared in libs/contracts/src/public-api/media.ts). */
/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const MEDIA_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(UPLOAD_STAND_PHOTO, {
    description:
      `Wer den Stand bearbeiten darf (angemeldet) oder sein Gast mit dem Token seines Verwaltungslinks im Header \`${MANAGE_TOKEN_HEADER}\` (ohne beides 401); ` +
      'höchstens 3 Fotos je Stand und 30 Uploads in 30 Minuten je Benutzer (ein Gast: je Anschluss). Das Foto steht sofort in der Liste ' +
      'und wird im Hintergrund verkleinert; bis dahin antwortet sein Pfad 404, der Stand meldet den Zustand in `photoStates`. ' +
      'Gespeichert wird es höchstens 1920×1080 groß; Bilder über 40 Megapixel antworten 400. ' +
      'Wer hochladen darf, wird vor dem Body entschieden (`Expect: 100-continue` wird erst danach mit 100 beantwortet); ' +
      'ein Body, der nicht innerhalb von 30 Sekunden vollständig ankommt, antwortet 408, und je Anschluss laufen höchstens 2 Uploads gleichzeitig (sonst 429). ' +
      'Fehler tragen die Meldung auch in `error`.',
    params: STAND_ID,
    bodyExample: { photoData: PHOTO_DATA, fileName: 'stand-hof-17.jpg' },
    examples: { 200: { photos: EXAMPLE_STAND.photos } },
  }),
  docOf(DELETE_STAND_PHOTO, {
    description:
      `Wer hochladen darf, auch ein Gast mit \`${MANAGE_TOKEN_HEADER}\`. \`photoPath\` ist einer der Pfade aus \`photos\` des Stands. ` +
      'Fehler tragen die Meldung auch in `error`.',
    params: STAND_ID,
    bodyExample: { photoPath: EXAMPLE_PHOTO_PATH },
    examples: { 200: { photos: [] } },
  }),
  docOf(UPLOAD_ITEM_PHOTO, {
    description:
      'Das eine Foto eines Angebots; wer das Angebot ändern darf (Inhaber des Stands, Veranstalter, Admins, angemeldet, ' +
      `oder ein Gast mit dem Token seines Verwaltungslinks im Header \`${MANAGE_TOKEN_HEADER}\`; ohne beides 401). ` +
      'Ein neues Foto ersetzt das bisherige, dessen Dateien gelöscht werden. Dieselben Grenzen wie bei Fotos eines Stands: ' +
      '30 Uploads in 30 Minuten je Benutzer (ein Gast: je Anschluss), gespeichert höchstens 1920×1080 groß, Bilder über 40 Megapixel und HEIC ohne Decoder antworten 400. ' +
      'Das Foto wird im Hintergrund verkleinert; bis dahin antwortet sein Pfad 404. Es liegt unter dem Stand und ist sichtbar, wem der Stand sichtbar ist. ' +
      'Wer hochladen darf, wird vor dem Body entschieden (`Expect: 100-continue` wird erst danach mit 100 beantwortet); ' +
      'ein Body, der nicht innerhalb von 30 Sekunden vollständig ankommt, antwortet 408, und je Anschluss laufen höchstens 2 Uploads gleichzeitig (sonst 429). ' +
      'Fehler tragen die Meldung auch in `error`.',
    params: ITEM_ID,
    bodyExample: { photoData: PHOTO_DATA, fileName: 'kinderfahrrad.jpg' },
    examples: { 200: { photo: EXAMPLE_ITEM_PHOTO_PATH } },
  }),
  docOf(DELETE_ITEM_PHOTO, {
    description: `Wer das Angebot ändern darf, auch ein Gast mit \`${MANAGE_TOKEN_HEADER}\`. Das Foto und seine Dateien gehen; ein Angebot ohne Foto antwortet ebenso.`,
    params: ITEM_ID,
    examples: { 200: { photo: null } },
  }),
  docOf(GET_MEDIA_FILE, {
    description:
      'Die Pfade stehen in `photos` eines Stands und in `photo` eines Angebots (`stands/{standId}/items/{itemId}/{photoId}.jpg`); ' +
      '`…/{photoId}.thumb.jpg` ist das Vorschaubild (etwa 400 px breit). ' +
      'Ein Foto ändert sich nie; das eines freigegebenen Stands darf für immer zwischengespeichert werden. ' +
      `Das Foto eines Stands, der noch nicht freigegeben ist, sehen nur, wer den Stand sehen darf, und sein Gast mit \`${MANAGE_TOKEN_HEADER}\` (\`private, no-store\`).`,
    path: '/media/stands/{standId}/{file}',
    params: {
      standId: STAND_ID.id,
      file: `\`{photoId}.jpg\` oder \`{photoId}.thumb.jpg\`, z. B. \`${EXAMPLE_IDS.photo}.jpg\`.`,
    },
    headers: {
      200: {
        'Cache-Control': textHeader('`public, max-age=31536000, immutable` für einen freigegebenen Stand, sonst `private, no-store`.'),
        ETag: textHeader('Mit `If-None-Match` antwortet der Aufruf 304.'),
      },
    },
  }),
];
