import { escapeHtml } from '@flohmarkt/server-kit';
import type { OpenApiDocument } from './build-document.js';
import type { JsonSchema } from './schemas.js';

/*
 * /api/docs: the OpenAPI document as one readable German page, rendered on the server from the
 * same document /api/openapi.json serves. No script at all, so the Content-Security-Policy holds
 * unchanged and nothing is fetched from another site.
 */

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: string;
}

export const DOCS_STYLESHEET_PATH = '/api/docs/docs.css';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const COMPONENT_PREFIX = '#/components/schemas/';

/** The little Markdown the descriptions use: `code`, **bold** and lines starting with '- '. */
function prose(text: string | undefined): string {
  if (!text) return '';
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  const lines = text.split('\n').filter((l) => l.trim());
  const items = lines.filter((l) => l.startsWith('- '));
  const paragraphs = lines.filter((l) => !l.startsWith('- ')).map((l) => `<p>${inline(l)}</p>`);
  const list = items.length ? `<ul>${items.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>` : '';
  return paragraphs.join('') + list;
}

const anchor = (name: string) => `schema-${name}`;

/** A schema's type in a few words, with a link for a component. */
function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'beliebig';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace(COMPONENT_PREFIX, '');
    return `<a href="#${anchor(name)}">${escapeHtml(name)}</a>`;
  }
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return variants.map(typeLabel).join(' | ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  return (
    types
      .map((type) => {
        if (type === 'array') return `Liste von ${typeLabel(schema.items as JsonSchema | undefined)}`;
        if (type === 'string' && schema.format) return `string (${escapeHtml(String(schema.format))})`;
        return escapeHtml(type);
      })
      .join(' | ') || (schema.properties ? 'object' : 'beliebig')
  );
}

/** The rules a value must keep, as a reader wants them: limits, allowed values, default. */
function ruleList(schema: JsonSchema): string {
  const rules: string[] = [];
  const from = (s: JsonSchema) => {
    if (s.minLength !== undefined) rules.push(`mind. ${s.minLength} Zeichen`);
    if (s.maxLength !== undefined) rules.push(`höchstens ${s.maxLength} Zeichen`);
    if (s.minimum !== undefined) rules.push(`≥ ${s.minimum}`);
    if (s.maximum !== undefined) rules.push(`≤ ${s.maximum}`);
    if (s.minItems) rules.push(`mind. ${s.minItems} Einträge`);
    if (s.maxItems !== undefined) rules.push(`höchstens ${s.maxItems} Einträge`);
    if (Array.isArray(s.enum)) rules.push(`eins von: ${s.enum.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(', ')}`);
    if (typeof s.pattern === 'string' && s.pattern.length <= 40) rules.push(`Muster <code>${escapeHtml(s.pattern)}</code>`);
  };
  from(schema);
  for (const variant of (schema.anyOf ?? []) as JsonSchema[]) from(variant);
  if (schema.items && typeof schema.items === 'object') from(schema.items as JsonSchema);
  if (schema.default !== undefined) rules.push(`Standard <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  return rules.join('; ');
}

function propertyTable(schema: JsonSchema): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  if (!Object.keys(properties).length) return `<p>Typ: ${typeLabel(schema)}</p>`;
  const rows = Object.entries(properties)
    .map(
      ([name, field]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="required">Pflicht</span>' : ''}</td>` +
        `<td>${typeLabel(field)}</td><td>${ruleList(field)}${field.description ? ` ${prose(String(field.description))}` : ''}</td></tr>`,
    )
    .join('');
  return `<div class="scroll"><table><thead><tr><th>Feld</th><th>Typ</th><th>Regeln</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function example(value: unknown): string {
  return `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;
}

function parameterTable(parameters: Parameter[]): string {
  if (!parameters.length) return '';
  const where: Record<string, string> = { path: 'Pfad', query: 'Query' };
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="required">Pflicht</span>' : ''}</td><td>${where[p.in] ?? p.in}</td>` +
        `<td>${typeLabel(p.schema)}</td><td>${prose(p.description)}${p.example ? `<p>Beispiel: <code>${escapeHtml(p.example)}</code></p>` : ''}</td></tr>`,
    )
    .join('');
  return `<h4>Parameter</h4><div class="scroll"><table><thead><tr><th>Name</th><th>Ort</th><th>Typ</th><th>Beschreibung</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function requestBody(body: Json | undefined): string {
  if (!body) return '';
  const json = (body.content as Json)['application/json'] as Json;
  return `<h4>Body</h4>${prose(body.description as string)}<p>Schema: ${typeLabel(json.schema as JsonSchema)}</p><details><summary>Beispiel</summary>${example(json.example)}</details>`;
}

function responses(all: Record<string, Json>): string {
  const items = Object.entries(all).map(([status, response]) => {
    const content = (response.content ?? {}) as Record<string, Json>;
    const [mediaType, body] = Object.entries(content)[0] ?? [];
    const kind = Number(status) >= 400 ? 'error' : 'success';
    const schema = body?.schema ? ` ${typeLabel(body.schema as JsonSchema)}` : '';
    const media = mediaType && mediaType !== 'application/json' ? ` <code>${escapeHtml(mediaType)}</code>` : '';
    const messages = body?.examples
      ? `<ul class="messages">${Object.values(body.examples as Record<string, { summary: string }>)
          .map((e) => `<li>${escapeHtml(e.summary)}</li>`)
          .join('')}</ul>`
      : '';
    const sample = body?.example !== undefined ? `<details><summary>Beispiel</summary>${example(body.example)}</details>` : '';
    return `<li class="${kind}"><span class="status">${escapeHtml(status)}</span> ${prose(response.description as string).replace(/^<p>|<\/p>$/g, '')}${schema}${media}${messages}${sample}</li>`;
  });
  return `<h4>Antworten</h4><ul class="responses">${items.join('')}</ul>`;
}

function operationSection(path: string, method: string, op: Json): string {
  // Every way in names a credential: the call needs a session (or, where it stands in, a guest's manage token).
  const security = op.security as Json[];
  const badge = security.some((way) => Object.keys(way).length === 0)
    ? ''
    : security.some((way) => 'manageToken' in way)
      ? ' <span class="badge">Anmeldung oder Verwaltungslink nötig</span>'
      : ' <span class="badge">Anmeldung nötig</span>';
  return (
    `<section class="operation" id="${escapeHtml(String(op.operationId))}">` +
    `<h3><span class="method method-${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>` +
    `<p class="summary">${escapeHtml(String(op.summary))}${badge}</p>` +
    prose(op.description as string | undefined) +
    parameterTable((op.parameters ?? []) as Parameter[]) +
    requestBody(op.requestBody as Json | undefined) +
    responses(op.responses as Record<string, Json>) +
    '</section>'
  );
}

/** The page: contents by tag, every operation, then every schema. */
export function renderDocsPage(document: OpenApiDocument, jsonPath: string): string {
  const info = document.info as Json;
  const tags = document.tags as { name: string; description: string }[];
  const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]).map((method) => ({ path, method, op: ops[method] as Json })),
  );
  const byTag = tags.map((tag) => ({ tag, ops: operations.filter((o) => (o.op.tags as string[])[0] === tag.name) }));
  const contents = byTag
    .map(
      ({ tag, ops }) =>
        `<li><a href="#tag-${tag.name}">${escapeHtml(tag.name)}</a><ul>${ops
          .map(
            ({ path, method, op }) =>
              `<li><a href="#${escapeHtml(String(op.operationId))}"><span class="method method-${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = byTag
    .map(
      ({ tag, ops }) =>
        `<section class="tag" id="tag-${tag.name}"><h2>${escapeHtml(tag.name)}</h2>${prose(tag.description)}${ops.map((o) => operationSection(o.path, o.method, o.op)).join('')}</section>`,
    )
    .join('');
  const schemas = Object.entries(((document.components as Json).schemas ?? {}) as Record<string, JsonSchema>)
    .map(([name, schema]) => `<section class="schema" id="${anchor(name)}"><h3>${escapeHtml(name)}</h3>${propertyTable(schema)}</section>`)
    .join('');
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title))} – Dokumentation</title>
<link rel="stylesheet" href="${DOCS_STYLESHEET_PATH}">
<link rel="icon" href="data:,">
</head>
<body>
<header><h1>${escapeHtml(String(info.title))}</h1><p>Version ${escapeHtml(String(info.version))} · OpenAPI ${escapeHtml(String(document.openapi))} · <a href="${escapeHtml(jsonPath)}">OpenAPI-Dokument (JSON)</a> · <a href="/">Zur Website</a></p></header>
<main>
<nav aria-label="Inhalt"><h2>Inhalt</h2><ul>${contents}<li><a href="#schemas">Schemas</a></li></ul></nav>
<div class="content">
<section class="intro">${prose(String(info.description))}</section>
${sections}
<section id="schemas"><h2>Schemas</h2>${schemas}</section>
</div>
</main>
</body>
</html>
`;
}
