import type { TestServer } from './testServer';

/** The part of a JSON Schema the generated tests read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  default?: unknown;
}

export interface OperationParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the API as the OpenAPI document describes it. */
export interface Operation {
  method: string;
  /** The path template, e.g. `/api/1/{environmentId}/list/manual/{listId}`. */
  template: string;
  pathParameters: OperationParameter[];
  queryParameters: OperationParameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Answered without sign-in (`security: []` in the document). */
  public?: boolean;
}

export const environmentTemplatePrefix = '/api/1/{environmentId}';

/** The media folder path (Fastify's wildcard, `{path}` in the document): taken raw, '' is the root. */
export const folderPathParameter = 'path';

interface DocumentParameter extends OperationParameter {
  in: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: DocumentParameter[];
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/**
 * Every operation of the live document (`/api/docs`): what the server registered, so a route added
 * tomorrow is in the generated tests without anyone writing one.
 */
export async function documentedOperations(server: TestServer): Promise<Operation[]> {
  const document = (await server.api<OpenApiDocument>('GET', '/api/docs')).body;
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const only = (place: string) =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map(({ name, required, schema }) => ({ name, required: Boolean(required), schema }));
      operations.push({
        method: method.toUpperCase(),
        template,
        pathParameters: only('path'),
        queryParameters: only('query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        public: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return operations;
}

/** The operations under /api/1/{environmentId} (the environment scope). */
export function environmentOperations(operations: Operation[]): Operation[] {
  return operations.filter((operation) => operation.template.startsWith(`${environmentTemplatePrefix}/`));
}

/** Fills a path template; values are percent-encoded unless `raw` (the media wildcard takes a path). */
export function fillPath(template: string, values: Record<string, string>, raw = false): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name] ?? '';
    return raw || name === folderPathParameter ? value : encodeURIComponent(value);
  });
}

/** The schema of a value that may be null (`anyOf: [schema, {type: null}]`) without the null. */
export function nonNull(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((option) => option.type !== 'null') ?? schema;
}

/** Whether a schema takes free text (no format, enum or pattern of its own but the text rules). */
export function isFreeText(schema: JsonSchema): boolean {
  const own = nonNull(schema);
  return own.type === 'string' && !own.format && !own.enum && (!own.pattern || /u0000/.test(own.pattern));
}

/**
 * A value the schema accepts, for the fields a test does not vary: `pick(name)` may supply one (an id
 * of the right kind), else a plain sample of the type.
 */
export function sampleValue(
  name: string,
  schema: JsonSchema,
  pick: (name: string, schema: JsonSchema) => unknown = () => undefined,
): unknown {
  const own = nonNull(schema);
  const picked = pick(name, own);
  if (picked !== undefined) return picked;
  if (own.enum) return own.enum[0];
  switch (own.type) {
    case 'string':
      if (own.format === 'uuid') return crypto.randomUUID();
      // A moment a day ahead: valid wherever a date-time is asked (e.g. a job's new scheduledAt).
      if (own.format === 'date-time') return new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
      if (own.pattern?.startsWith('^#')) return '#123456';
      if (/email/i.test(name)) return 'proef@voorbeeld.nl';
      return `Proef ${name}`.slice(0, own.maxLength ?? 100);
    case 'integer':
    case 'number':
      return own.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      // As few items as the schema allows, so the body passes validation and the route's own checks run.
      return Array.from({ length: own.minItems ?? 0 }, () => sampleValue(name, own.items ?? {}, pick));
    case 'object':
      return sampleObject(own, pick);
    default:
      return null;
  }
}

/** An object with every required property of the schema filled by `sampleValue`. */
export function sampleObject(
  schema: JsonSchema,
  pick?: (name: string, schema: JsonSchema) => unknown,
): Record<string, unknown> {
  const properties = schema.properties ?? {};
  return Object.fromEntries(
    (schema.required ?? []).map((name) => [name, sampleValue(name, properties[name] ?? {}, pick)]),
  );
}
