import { z } from 'zod';
import {
  ZAccountDelete,
  ZAccountExport,
  ZFavourites,
  ZMyEvent,
  ZRouteAnswer,
  ZStandLiveUpdate,
  ZAdminStandStats,
  ZAdminUser,
  ZAuthUser,
  ZErrorBody,
  ZEvent,
  ZEventCancel,
  ZEventCreate,
  ZEventViewport,
  ZEventUpdate,
  ZExhibitor,
  ZExhibitorProfile,
  ZExhibitorProfileCreate,
  ZExhibitorProfileUpdate,
  ZGeocodeResult,
  ZGuestStandCreate,
  ZGuestStandCreated,
  ZGuestStandView,
  ZMailConfirmation,
  ZMailOptOut,
  ZPhotoDelete,
  ZPhotoUpload,
  ZPhotosResponse,
  ZPublicUser,
  ZReverseGeocodeResult,
  ZReview,
  ZReviewCreate,
  ZRoleUpdate,
  ZStand,
  ZDraftListStand,
  ZStandBulkReview,
  ZStandOverview,
  ZWalkUpStandCreate,
  ZStandCreate,
  ZStandExhibitor,
  ZStandReject,
  ZStandNumbering,
  ZStandPhotoState,
  ZStandUpdate,
  ZUserUpdate,
} from '@flohmarkt/contracts';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

/** `GET /api/health`: the gateway's own answer (health.controller.ts), written here as zod like every other shape. */
const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  services: z.record(z.string(), z.enum(['up', 'down'])),
  redis: z.enum(['up', 'down']),
  missing: z.array(z.string()).optional(),
  message: z.string().optional(),
});

/** Shapes the API answers (read with zod's output view: what a client receives). */
export const RESPONSE_SCHEMAS = {
  Event: ZEvent,
  EventViewport: ZEventViewport,
  Stand: ZStand,
  DraftListStand: ZDraftListStand,
  StandOverview: ZStandOverview,
  GuestStandCreated: ZGuestStandCreated,
  GuestStandView: ZGuestStandView,
  StandExhibitor: ZStandExhibitor,
  StandPhotoState: ZStandPhotoState,
  Review: ZReview,
  User: ZPublicUser,
  AuthUser: ZAuthUser,
  AdminUser: ZAdminUser,
  ExhibitorProfile: ZExhibitorProfile,
  Exhibitor: ZExhibitor,
  GeocodeResult: ZGeocodeResult,
  ReverseGeocodeResult: ZReverseGeocodeResult,
  Photos: ZPhotosResponse,
  AdminStandStats: ZAdminStandStats,
  Health: ZHealth,
  MailOptOut: ZMailOptOut,
  MailConfirmation: ZMailConfirmation,
  AccountExport: ZAccountExport,
  Favourites: ZFavourites,
  MyEvent: ZMyEvent,
  RouteAnswer: ZRouteAnswer,
  // The gateway answers every error as { message }; photo calls repeat it in `error` (forward.ts).
  Error: ZErrorBody.pick({ message: true }),
  PhotoError: ZErrorBody.pick({ message: true, error: true }).required(),
} as const;

/** Shapes the API takes (read with zod's input view: what a client may send). */
export const REQUEST_SCHEMAS = {
  EventCreate: ZEventCreate,
  EventUpdate: ZEventUpdate,
  EventCancel: ZEventCancel,
  StandCreate: ZStandCreate,
  StandUpdate: ZStandUpdate,
  StandReject: ZStandReject,
  StandBulkReview: ZStandBulkReview,
  WalkUpStandCreate: ZWalkUpStandCreate,
  StandNumbering: ZStandNumbering,
  GuestStandCreate: ZGuestStandCreate,
  ReviewCreate: ZReviewCreate,
  PhotoUpload: ZPhotoUpload,
  PhotoDelete: ZPhotoDelete,
  UserUpdate: ZUserUpdate,
  RoleUpdate: ZRoleUpdate,
  ExhibitorProfileCreate: ZExhibitorProfileCreate,
  ExhibitorProfileUpdate: ZExhibitorProfileUpdate,
  AccountDelete: ZAccountDelete,
  StandLiveUpdate: ZStandLiveUpdate,
} as const;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;
export type RequestSchemaName = keyof typeof REQUEST_SCHEMAS;
export type SchemaName = ResponseSchemaName | RequestSchemaName;

export const componentRef = (name: SchemaName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * Tidies zod's output for a reader: a Date input is sent as an ISO string, and the long regular
 * expressions zod writes beside `format: uuid` / `date-time` say nothing the format does not.
 */
function tidy(ctx: { zodSchema: { _zod: { def: { type: string } } }; jsonSchema: JsonSchema }): void {
  if (ctx.zodSchema._zod.def.type === 'date') {
    ctx.jsonSchema.type = 'string';
    ctx.jsonSchema.format = 'date-time';
  }
  if (ctx.jsonSchema.format === 'uuid' || ctx.jsonSchema.format === 'date-time') delete ctx.jsonSchema.pattern;
}

const OPTIONS = { unrepresentable: 'any', override: tidy, uri: (id: string) => `#/components/schemas/${id}` } as const;

function registryOf(schemas: Record<string, z.ZodType>) {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  return registry;
}

/** Drops the keys a standalone JSON Schema carries and a component inside an OpenAPI document must not. */
function asComponent(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** Every component schema, generated from the zod contracts; a schema used inside another becomes a $ref. */
export function componentSchemas(): Record<SchemaName, JsonSchema> {
  const answers = z.toJSONSchema(registryOf(RESPONSE_SCHEMAS), { ...OPTIONS, io: 'output' }).schemas;
  const bodies = z.toJSONSchema(registryOf(REQUEST_SCHEMAS), { ...OPTIONS, io: 'input' }).schemas;
  const all: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries({ ...answers, ...bodies })) all[name] = asComponent(schema as JsonSchema);
  return all as Record<SchemaName, JsonSchema>;
}

/** A query object's fields as JSON Schemas (input view: query strings arrive as text). */
export function queryFieldSchemas(query: z.ZodType): { properties: Record<string, JsonSchema>; required: string[] } {
  const schema = z.toJSONSchema(query, { unrepresentable: 'any', override: tidy, io: 'input' }) as JsonSchema;
  return { properties: (schema.properties ?? {}) as Record<string, JsonSchema>, required: (schema.required ?? []) as string[] };
}
