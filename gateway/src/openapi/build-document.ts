import type { z } from 'zod';
import {
  API_ERRORS,
  ERROR_CODE_HEADER,
  ERROR_DEFAULT_MESSAGE,
  ERROR_STATUS,
  IDEMPOTENCY_HEADERS,
  MANAGE_TOKEN_HEADER,
  PUBLIC_CALLS,
  callKey,
  errorCodeForStatus,
  isSpecificErrorCode,
  type PublicAnswer,
  type PublicCall,
  type TErrorCode,
  type TRateLimit,
  MARKET_DAY_MESSAGES,
} from '@flohmarkt/contracts';
import { CALL_DOCS } from './route-docs.js';
import type { CallDoc, CallDocEntry, DocumentedRoute } from './route-doc.js';
import { componentRef, componentSchemas, queryFieldSchemas, schemaRef, type JsonSchema } from './schemas.js';

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
type Operation = Record<string, unknown>;

export interface DocumentOptions {
  /** The session cookie's name (`__Host-flohmarkt.sid` on https). */
  cookieName: string;
  /** The calls to document (every declared call when not given; tests pass their own). */
  calls?: readonly PublicCall[];
  /** Their prose (CALL_DOCS when not given). */
  prose?: readonly CallDocEntry[];
  /** The gateway's body limits (BODY_LIMIT_BYTES, PHOTO_BODY_LIMIT_BYTES); their defaults when not given. */
  bodyLimits?: { json: number; upload: number };
}

const DEFAULT_BODY_LIMITS = { json: 1024 * 1024, upload: 15 * 1024 * 1024 };

const TAGS = [
  { name: 'events', description: 'Flohmärkte, ihre Suche und die Adresssuche. Dienst `events`.' },
  { name: 'stands', description: 'Stände, ihre Freigabe durch den Organisator und Bewertungen. Dienst `stands`.' },
  { name: 'media', description: 'Fotos der Stände. Dienst `media`.' },
  { name: 'auth', description: 'Benutzer, Rollen und Ausstellerprofile. Dienst `auth`.' },
  { name: 'gateway', description: 'Anmeldung, Sitzung und Betriebsbereitschaft: beantwortet das Gateway selbst.' },
];

const RATE_LIMIT_MESSAGES: Record<TRateLimit, string> = {
  guestRegistration: API_ERRORS.tooManyRegistrations,
  photoUpload: API_ERRORS.tooManyRequests,
  signIn: API_ERRORS.tooManyRequests,
  teamInvite: MARKET_DAY_MESSAGES.tooManyCodeTries,
};

/**
 * What one operation says: the declaration's facts with the prose beside them. The generator adds
 * what follows from the declaration itself: sign-in (401), body limits (413), rate limits (429), the
 * CSRF check on writes (403), hostile text (400) and the unreachable service (503).
 */
interface OperationDoc {
  summary: string;
  description?: string;
  path?: string;
  params?: Record<string, string>;
  query?: { schema: z.ZodType; descriptions: Record<string, string>; required?: readonly string[]; examples?: Record<string, string> };
  body?: { schema: z.ZodType; example: unknown; alsoRequired?: readonly string[]; optional?: boolean };
  answers: (PublicAnswer & { example?: unknown; headers?: Record<string, { description: string; schema: JsonSchema }> })[];
  errors?: PublicCall['errors'];
  idempotent?: boolean;
}

/** A declared call with its prose (docs-*.ts). */
function fromDeclaration(call: PublicCall, doc: CallDoc): OperationDoc {
  return {
    summary: call.summary,
    description: doc.description,
    path: doc.path,
    params: doc.params,
    query: call.query && {
      schema: call.query,
      descriptions: doc.query?.descriptions ?? {},
      required: call.queryRequired,
      examples: doc.query?.examples,
    },
    body: call.body && { schema: call.body, example: doc.bodyExample, alsoRequired: call.bodyAlsoRequired, optional: call.bodyOptional },
    answers: call.answers.map((answer) => ({ ...answer, example: doc.examples?.[answer.status], headers: doc.headers?.[answer.status] })),
    errors: call.errors,
    idempotent: call.idempotent,
  };
}

/** A declared call as the document sees it. */
function declaredRoute(call: PublicCall): DocumentedRoute {
  return {
    method: call.method,
    path: call.path,
    tag: call.service,
    signIn: call.signIn,
    errorField: call.errorField,
    upload: call.upload,
    rateLimitMessage: call.rateLimit ? RATE_LIMIT_MESSAGES[call.rateLimit] : undefined,
    forwarded: !call.answeredByGatewayAlone,
  };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Ungültige Eingabe.',
  401: 'Nicht angemeldet.',
  403: 'Keine Berechtigung (oder eine Schreibanfrage von einer fremden Website).',
  404: 'Nicht gefunden (auch bei einer ungültigen ID).',
  409: 'Widerspruch zum aktuellen Stand der Daten.',
  422: 'Der `Idempotency-Key` gehört zu einer anderen Anfrage.',
  413: 'Die Anfrage ist zu groß.',
  429: 'Zu viele Anfragen; `Retry-After` sagt, wann es wieder geht.',
  503: 'Ein Dienst ist gerade nicht erreichbar oder die Anwendung startet noch.',
};

const DESCRIPTION = [
  'Die öffentliche Schnittstelle des Flohmarkt-Portals: Flohmärkte finden und anlegen, Stände anmelden und freigeben, Fotos, Bewertungen und Profile.',
  '',
  '- **Fehler** antworten immer `{ "message": "<ein deutscher Satz>" }`; Foto-Aufrufe wiederholen den Satz in `error`. Eine Ablehnung, auf die ein Client eigens reagiert (z. B. ein Stand weiter als 15 km), nennt ihren Code im Header `Error-Code`.',
  '- **Reihenfolge der Prüfungen:** 401 (nicht angemeldet) → 404 (unbekannte oder ungültige ID) → 403 (keine Berechtigung) → 400 (ungültige Eingabe) → 409 (Konflikt).',
  '- **Anmeldung** über `/api/login` im Browser; die Sitzung steckt im Cookie. Schreibanfragen mit `Origin` oder `Referer` einer fremden Website antworten 403.',
  '- Unbekannte Felder im Body werden ignoriert; der Besitzer kommt immer aus der Sitzung, nie aus dem Body. Zeiten sind ISO 8601, Tage gelten in Europe/Berlin.',
  '- Text mit NUL-Zeichen oder einzelnen Surrogaten in Body oder Query antwortet 400.',
  '- **Sicher wiederholen:** Anlegende Aufrufe und die Entscheidung über einen Stand nehmen den Header `Idempotency-Key` (1–200 druckbare ASCII-Zeichen, ein neuer je Absenden). ' +
    'Dieselbe Anfrage mit demselben Schlüssel vom selben Aufrufer (ohne Anmeldung: der Schlüssel allein) binnen 24 Stunden bekommt die erste Antwort mit `Idempotent-Replayed: true` und ändert nichts; ' +
    'derselbe Schlüssel mit einem anderen Body antwortet 422, während die erste Anfrage noch läuft 409. So ist ein Versuch nach 503 oder abgerissener Verbindung gefahrlos.',
].join('\n');

/** `/events/:id/stands` → `/events/{id}/stands`. */
function openApiPath(route: DocumentedRoute, doc: Pick<OperationDoc, 'path'>): string {
  return doc.path ?? route.path.replace(/:([A-Za-z]+)/g, '{$1}');
}

/** `getEventsByIdStands`: unique because method and path are. */
function operationId(route: DocumentedRoute): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment === '*' ? 'Any' : segment.startsWith(':') ? `By${capitalise(segment.slice(1))}` : segment.split('-').map(capitalise).join('')));
  return route.method.toLowerCase() + words.join('');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// Said where an entry lacks a text: the document stays complete, and documentationGaps() names the hole.
const NOT_DESCRIBED = 'Noch nicht beschrieben.';

function pathParameters(path: string, doc: OperationDoc, key: string, gaps: string[]): Operation[] {
  const names = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1] as string);
  return names.map((name) => {
    const description = doc.params?.[name];
    if (!description) gaps.push(`${key}: path parameter "${name}" has no description`);
    return { name, in: 'path', required: true, description: description ?? NOT_DESCRIBED, schema: { type: 'string' } };
  });
}

function queryParameters(doc: OperationDoc, key: string, gaps: string[]): Operation[] {
  if (!doc.query) return [];
  const { properties, required } = queryFieldSchemas(doc.query.schema);
  const mustHave = new Set([...required, ...(doc.query.required ?? [])]);
  return Object.entries(properties).map(([name, schema]) => {
    const description = doc.query?.descriptions[name];
    if (!description) gaps.push(`${key}: query parameter "${name}" has no description`);
    const example = doc.query?.examples?.[name];
    return {
      name,
      in: 'query',
      required: mustHave.has(name),
      description: description ?? NOT_DESCRIBED,
      schema,
      ...(example === undefined ? {} : { example }),
    };
  });
}

function sizeText(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(mib)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

function requestBody(route: DocumentedRoute, doc: OperationDoc, limits: { json: number; upload: number }): Operation | undefined {
  if (!doc.body) return undefined;
  const also = doc.body.alsoRequired?.length ? ` Pflicht sind auch: ${doc.body.alsoRequired.map((f) => `\`${f}\``).join(', ')}.` : '';
  return {
    required: !doc.body.optional,
    description: `JSON, höchstens ${sizeText(route.upload ? limits.upload : limits.json)}.${also}`,
    content: { 'application/json': { schema: schemaRef(doc.body.schema, 'input'), ...(doc.body.example === undefined ? {} : { example: doc.body.example }) } },
  };
}

const IDEMPOTENCY_KEY_PARAMETER: Operation = {
  name: IDEMPOTENCY_HEADERS.key,
  in: 'header',
  required: false,
  description:
    'Ein Schlüssel je Absenden (z. B. eine UUID), beim Wiederholen derselbe: eine Wiederholung binnen 24 Stunden bekommt die erste Antwort und ändert nichts.',
  schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7E]{1,200}$' },
};

const REPLAYED_HEADER = {
  [IDEMPOTENCY_HEADERS.replayed]: {
    description: '`true`, wenn dies die gespeicherte erste Antwort auf denselben `Idempotency-Key` ist (nichts wurde erneut ausgeführt).',
    schema: { type: 'string', enum: ['true'] },
  },
};

/**
 * A success answer; a second answer of the same status (a route as JSON or as GPX) adds its media
 * type to the first's content.
 */
function successResponse(answer: OperationDoc['answers'][number], idempotent: boolean, earlier: Operation | undefined): Operation {
  const response: Operation = earlier ?? { description: answer.description };
  if (earlier && !String(earlier.description).includes(answer.description)) response.description = `${String(earlier.description)} ${answer.description}`;
  if (answer.headers || idempotent)
    response.headers = { ...(response.headers as Operation | undefined), ...answer.headers, ...(idempotent ? REPLAYED_HEADER : {}) };
  const content = { ...(response.content as Operation | undefined) };
  if (answer.schema) {
    const one = schemaRef(answer.schema, 'output');
    const schema = answer.list ? { type: 'array', items: one } : one;
    content[answer.mediaType ?? 'application/json'] = { schema, ...(answer.example === undefined ? {} : { example: answer.example }) };
  } else if (answer.mediaType) {
    content[answer.mediaType] = { schema: { type: 'string', contentMediaType: answer.mediaType } };
  }
  if (Object.keys(content).length) response.content = content;
  return response;
}

/** The statuses and German messages a route answers besides success: its entry's, plus what follows from the route. */
function errorMessages(route: DocumentedRoute, doc: OperationDoc): Map<number, string[]> {
  const errors = new Map<number, string[]>();
  const add = (status: number, ...messages: string[]) => errors.set(status, [...new Set([...(errors.get(status) ?? []), ...messages])]);
  const write = route.method !== 'GET';
  if (route.signIn) add(401, API_ERRORS.unauthenticated);
  for (const [status, messages] of Object.entries(doc.errors ?? {})) add(Number(status), ...messages);
  if (/\{[A-Za-z]+\}/.test(openApiPath(route, doc)) && !errors.has(404)) add(404, API_ERRORS.notFound);
  if (write) add(403, API_ERRORS.crossOrigin);
  if (doc.body) add(400, API_ERRORS.invalidJson);
  if (doc.body || doc.query) add(400, API_ERRORS.invalidCharacters);
  if (doc.idempotent) {
    add(400, API_ERRORS.invalidIdempotencyKey);
    add(409, API_ERRORS.idempotentRequestPending);
    add(422, API_ERRORS.idempotencyKeyReused);
  }
  if (write) add(413, API_ERRORS.bodyTooLarge);
  if (route.rateLimitMessage) add(429, route.rateLimitMessage);
  if (route.forwarded) add(503, API_ERRORS.serviceUnavailable, API_ERRORS.starting);
  // An entry may leave a status without its own messages: the code's default sentence stands for it.
  for (const [status, messages] of errors) if (!messages.length) errors.set(status, [ERROR_DEFAULT_MESSAGE[errorCodeForStatus(status)]]);
  return errors;
}

function errorResponse(status: number, messages: string[], route: DocumentedRoute): Operation {
  const body = (message: string) => (route.errorField ? { message, error: message } : { message });
  const examples = Object.fromEntries(messages.map((message, i) => [`meldung${i + 1}`, { summary: message, value: body(message) }]));
  const response: Operation = {
    description: ERROR_DESCRIPTIONS[status] ?? 'Fehler.',
    content: { 'application/json': { schema: componentRef(route.errorField ? 'PhotoError' : 'Error'), examples } },
  };
  if (status === 429 || status === 503)
    response.headers = { 'Retry-After': { description: 'Sekunden bis zum nächsten Versuch.', schema: { type: 'integer' } } };
  const specific = specificCodesOf(status);
  if (specific.length)
    response.headers = {
      [ERROR_CODE_HEADER]: {
        description: `Nur bei einer Ablehnung, auf die ein Client eigens reagiert: ihr Code (${specific.map((code) => `\`${code}\``).join(', ')}). Daran erkennt man sie, nie am Text.`,
        schema: { type: 'string', enum: specific },
      },
    };
  return response;
}

/** The specific refusals (ERROR_CODE_HEADER) an error status may name. */
function specificCodesOf(status: number): TErrorCode[] {
  return (Object.keys(ERROR_STATUS) as TErrorCode[]).filter((code) => ERROR_STATUS[code] === status && isSpecificErrorCode(code));
}

function operation(route: DocumentedRoute, doc: OperationDoc, key: string, path: string, limits: { json: number; upload: number }, gaps: string[]): Operation {
  const responses: Record<string, Operation> = {};
  for (const answer of doc.answers) responses[String(answer.status)] = successResponse(answer, doc.idempotent === true, responses[String(answer.status)]);
  const errors = [...errorMessages(route, doc)].sort(([a], [b]) => a - b);
  for (const [status, messages] of errors) if (!responses[String(status)]) responses[String(status)] = errorResponse(status, messages, route);
  const parameters = [...pathParameters(path, doc, key, gaps), ...queryParameters(doc, key, gaps), ...(doc.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : [])];
  const body = requestBody(route, doc, limits);
  return {
    tags: [route.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    operationId: operationId(route),
    // Signed-in routes need the cookie (or a guest's token where it stands in); the others take it when present (an organiser sees more).
    security: route.signIn === 'or-manage-token' ? [{ session: [] }, { manageToken: [] }] : route.signIn ? [{ session: [] }] : [{}, { session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

function generate(options: DocumentOptions): { document: OpenApiDocument; gaps: string[] } {
  const gaps: string[] = [];
  const prose = new Map((options.prose ?? CALL_DOCS).map(({ call, doc }) => [call, doc]));
  const paths: Record<string, Record<string, Operation>> = {};
  for (const call of options.calls ?? PUBLIC_CALLS) {
    const key = callKey(call);
    const route = declaredRoute(call);
    // A call without its prose is still documented with its facts (the gateway must start); the test names the gap.
    if (!prose.has(call)) gaps.push(`${key}: no documentation entry`);
    const doc = fromDeclaration(call, prose.get(call) ?? {});
    const path = openApiPath(route, doc);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, doc, key, path, options.bodyLimits ?? DEFAULT_BODY_LIMITS, gaps) };
  }
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Flohmarkt-API',
      version: '1.0.0',
      description: DESCRIPTION,
    },
    servers: [{ url: '/api', description: 'Dieselbe Adresse wie die Website' }],
    tags: TAGS,
    paths,
    components: {
      schemas: componentSchemas() satisfies Record<string, JsonSchema>,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookieName,
          description: 'Das Sitzungs-Cookie, gesetzt nach der Anmeldung über `/api/login` (httpOnly, SameSite=Lax).',
        },
        manageToken: {
          type: 'apiKey',
          in: 'header',
          name: MANAGE_TOKEN_HEADER,
          description:
            'Der Token aus dem Verwaltungslink eines Gasts (`/anmeldung/{token}`): öffnet die Fotos, Angebote und Reservierungen seines Stands ohne Konto.',
        },
      },
    },
  };
  return { document, gaps };
}

/** The OpenAPI 3.1 document of the public API, built from the declared calls (libs/contracts/src/public-api/), their prose and the zod contracts. */
export function buildOpenApiDocument(options: DocumentOptions): OpenApiDocument {
  return generate(options).document;
}

/** What the prose lacks for the calls as they are: a call without an entry, a parameter without a text. */
export function documentationGaps(options: Partial<DocumentOptions> = {}): string[] {
  return generate({ cookieName: 'flohmarkt.sid', ...options }).gaps;
}
