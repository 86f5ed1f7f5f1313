import { z } from 'zod';
import { ANSWER_COMPONENTS, BODY_COMPONENTS } from '@flohmarkt/contracts';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

/** A component's name: an answer's (zod's output view) or a body's (input view), as libs/contracts names them. */
type SchemaName = keyof typeof ANSWER_COMPONENTS | keyof typeof BODY_COMPONENTS;

export const componentRef = (name: SchemaName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const NAMES = new Map<z.ZodType, SchemaName>([
  ...Object.entries(ANSWER_COMPONENTS).map(([name, schema]) => [schema, name as SchemaName] as const),
  ...Object.entries(BODY_COMPONENTS).map(([name, schema]) => [schema, name as SchemaName] as const),
]);

/** A schema as the document writes it: a reference to its component when it has one, else inline. */
export function schemaRef(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const name = NAMES.get(schema);
  if (name) return componentRef(name);
  return asComponent(z.toJSONSchema(schema, { unrepresentable: 'any', override: tidy, io }) as JsonSchema);
}

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
  const answers = z.toJSONSchema(registryOf(ANSWER_COMPONENTS), { ...OPTIONS, io: 'output' }).schemas;
  const bodies = z.toJSONSchema(registryOf(BODY_COMPONENTS), { ...OPTIONS, io: 'input' }).schemas;
  const all: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries({ ...answers, ...bodies })) all[name] = asComponent(schema as JsonSchema);
  return all as Record<SchemaName, JsonSchema>;
}

/** A query object's fields as JSON Schemas (input view: query strings arrive as text). */
export function queryFieldSchemas(query: z.ZodType): { properties: Record<string, JsonSchema>; required: string[] } {
  const schema = z.toJSONSchema(query, { unrepresentable: 'any', override: tidy, io: 'input' }) as JsonSchema;
  return { properties: (schema.properties ?? {}) as Record<string, JsonSchema>, required: (schema.required ?? []) as string[] };
}
