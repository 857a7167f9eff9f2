/**
 * The OpenAPI 3.1 document of every call (`calls.ts`), built once from the zod
 * schemas: request bodies from the forms the routes validate with, answers from
 * `wire-schemas.ts`, shared shapes as `components.schemas` (zod's JSON Schema,
 * draft 2020-12, which OpenAPI 3.1 uses as is).
 *
 * Besides each call's own answers, every call may answer 400 (bad input: a NUL
 * character, JSON nested too deep, a bad field) and 413 (a body over its limit);
 * a call with path parameters 404; a call for signed-in callers 401 and 403; and
 * the statuses its `errors` list. 429 and 503 always carry `Retry-After`.
 */
import { z } from 'zod';
import type { Access, Answer, Call, Param } from './call-types.ts';
import { CALLS } from './calls.ts';
import { errorSchema, oauthErrorSchema, wireRegistry } from './wire-schemas.ts';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
  tags: { name: string }[];
}

export interface OperationObject {
  operationId: string;
  summary: string;
  tags: string[];
  'x-access': Access;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, ResponseObject>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { required: boolean; schema: JsonSchema; description?: string }>;
  content?: Record<string, { schema: JsonSchema }>;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: `ModelState` names each field and its rule',
  401: 'No token, or a bad or expired one',
  403: 'The account may not make this call',
  404: 'No such row (or not the caller’s)',
  409: 'A conflict with the data as it is (stock, a reference, a state)',
  413: 'The body is over this call’s limit',
  415: 'A body of a type this call does not read',
  429: 'Too many tries: wait `Retry-After` seconds',
  503: 'Busy, or the database cannot be reached just now: try again after `Retry-After` seconds',
};

const HEADER_TEXT: Record<string, string> = {
  'X-Total-Count': 'Rows in the whole filtered list',
  'X-Page': 'The page answered',
  'X-Limit': 'Rows a page',
  'Retry-After': 'Seconds to wait before trying again',
  Location: 'Where to follow the job',
  ETag: "The file's version",
  'Cache-Control': 'Caching rules',
  'Content-Disposition': 'The file name to save as',
};

const COMPONENTS = '#/components/schemas/';

/** A zod schema as JSON Schema, its registered parts as references to `components.schemas` (collected into `defs`). */
function toSchema(schema: z.ZodType, io: 'input' | 'output', defs: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    metadata: wireRegistry,
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = converted;
  const relink = (value: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as JsonSchema;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    const { id: _id, ...body } = def;
    defs[name] = relink(body);
  }
  // A schema registered itself comes back as its definition: refer to it instead.
  const own = wireRegistry.get(schema)?.id;
  if (own !== undefined) {
    const { id: _id, ...body } = rest;
    if (body.$ref === undefined) defs[own] = relink(body);
    return { $ref: `${COMPONENTS}${own}` };
  }
  return relink(rest);
}

function errorStatuses(call: Call): number[] {
  // Every call may meet a database that cannot be reached just now (restarting, failing over): 503.
  const statuses = new Set<number>([400, 413, 503, ...(call.errors ?? [])]);
  if (call.params !== undefined || call.access !== 'anyone') statuses.add(404);
  if (call.access !== 'anyone') {
    statuses.add(401);
    statuses.add(403);
  }
  return [...statuses].sort((a, b) => a - b);
}

function headerObjects(names: readonly string[]): NonNullable<ResponseObject['headers']> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        required: true,
        schema:
          name.startsWith('X-') || name === 'Retry-After' ? { type: 'string', pattern: '^\\d+$' } : { type: 'string' },
        ...(HEADER_TEXT[name] === undefined ? {} : { description: HEADER_TEXT[name] }),
      },
    ]),
  );
}

function response(answer: Answer, defs: Record<string, JsonSchema>): ResponseObject {
  const out: ResponseObject = { description: answer.description };
  if (answer.headers !== undefined && answer.headers.length > 0) out.headers = headerObjects(answer.headers);
  if (answer.schema !== undefined) {
    out.content = { [answer.type ?? 'application/json']: { schema: toSchema(answer.schema, 'output', defs) } };
  } else if (answer.type !== undefined) {
    out.content = { [answer.type]: { schema: { type: 'string', contentMediaType: answer.type } } };
  }
  for (const type of answer.otherTypes ?? []) {
    out.content = { ...out.content, [type]: { schema: { type: 'string', contentMediaType: type } } };
  }
  return out;
}

function parameters(
  where: 'path' | 'query' | 'header',
  list: Record<string, Param> | undefined,
  defs: Record<string, JsonSchema>,
) {
  return Object.entries(list ?? {}).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' ? true : p.required === true,
    description: p.description,
    schema: toSchema(p.schema, 'input', defs),
  }));
}

const SECURITY: Record<Exclude<Access, 'anyone'>, Record<string, string[]>[]> = {
  user: [{ bearer: [] }],
  'user-or-setup': [{ bearer: [] }],
  employee: [{ bearer: ['Employee'] }],
  admin: [{ bearer: ['Admin'] }],
  'feed-key': [{ feedKey: [] }, { feedKeyHeader: [] }],
};

function operationId(call: Call): string {
  const words = call.path
    .split('/')
    .filter((s) => s !== '' && s !== 'api')
    .map((s) => s.replace(/[{}]/g, '').replace(/\W+/g, ' '))
    .flatMap((s) => s.split(' '))
    .filter((s) => s !== '')
    .map((s) => s[0]?.toUpperCase() + s.slice(1));
  return `${call.method}${words.join('')}`;
}

function operation(call: Call, defs: Record<string, JsonSchema>): OperationObject {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, answer] of Object.entries(call.answers)) responses[status] = response(answer, defs);
  // `POST /token` answers its own failures in OAuth's shape; the body limit, NUL guard and hash gate in the API's.
  const errorBody = call.path === '/token' ? z.union([oauthErrorSchema, errorSchema]) : errorSchema;
  for (const status of errorStatuses(call)) {
    if (responses[status] !== undefined) continue;
    responses[status] = response(
      {
        description: ERROR_TEXT[status] ?? 'An error',
        schema: errorBody,
        ...(status === 429 || status === 503 ? { headers: ['Retry-After'] } : {}),
      },
      defs,
    );
  }
  const params = [
    ...parameters('path', call.params, defs),
    ...parameters('query', call.query, defs),
    ...parameters('header', call.headers, defs),
  ];
  return {
    operationId: operationId(call),
    summary: call.summary,
    tags: [call.tag],
    'x-access': call.access,
    ...(call.access === 'anyone' ? {} : { security: SECURITY[call.access] }),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(call.body === undefined
      ? {}
      : {
          requestBody: {
            required: call.body.required !== false,
            ...(call.body.description === undefined ? {} : { description: call.body.description }),
            content: { [call.body.type]: { schema: toSchema(call.body.schema, 'input', defs) } },
          },
        }),
    responses,
  };
}

/** Builds the document from `calls`. */
export function buildOpenApiDocument(calls: readonly Call[] = CALLS): OpenApiDocument {
  const defs: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  for (const call of calls) {
    const ops = paths[call.path] ?? {};
    if (ops[call.method] !== undefined) throw new Error(`${call.method.toUpperCase()} ${call.path} is declared twice.`);
    ops[call.method] = operation(call, defs);
    paths[call.path] = ops;
  }
  const tags = [...new Set(calls.map((c) => c.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Aisle API',
      version: '1',
      description:
        'The HTTP API of an Aisle shop (spec section 7). Paths match case-insensitively. JSON field names are ' +
        "spec section 3's. Money is rupees with paise exact; times are ISO 8601. Errors carry a human `Message` " +
        'and, for bad input, a `ModelState` naming each field and its rule. docs/api.md tells every call in prose.',
    },
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token `POST /token` answers; scopes name the role a call needs',
        },
        feedKey: { type: 'http', scheme: 'bearer', description: 'A feed key (`aisle_feed_…`)' },
        feedKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'A feed key' },
      },
    },
    tags,
  };
}

let built: OpenApiDocument | undefined;
let text: string | undefined;

/** The document, built on first use. */
export function openApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument();
  return built;
}

/** The document as the JSON text `/api/openapi.json` serves. */
export function openApiText(): string {
  text ??= `${JSON.stringify(openApiDocument(), null, 2)}\n`;
  return text;
}
