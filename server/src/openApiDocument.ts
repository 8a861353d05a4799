import { operationAccess, operationAccessSentence, type OperationAccess } from './contract/operationRoles';

/** The parts of an OpenAPI 3.1 document this module reads and writes. */
export interface OpenApiObject {
  paths?: Record<string, PathItem | undefined>;
  servers?: { url: string; description?: string }[];
}
type PathItem = Partial<Record<(typeof methods)[number], Operation>>;
interface Operation {
  operationId?: string;
  description?: string;
  /** Who may call it (contract/operationRoles.ts). */
  'x-role'?: OperationAccess;
  parameters?: Parameter[];
  responses?: Record<string, unknown>;
  /** Media types of a route's file answer (`x-produces` in its schema). */
  'x-produces'?: string[];
}
interface Parameter {
  in: string;
  name: string;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Fastify's wildcard (`/media/*`) is a parameter named `*`; the document names it. */
const wildcardName = 'path';

/** The console's calls: `/api/1/{environmentId}/…`. */
const environmentScope = /^\/api\/1\/\{environmentId\}(?=\/|$)/;

/** Path prefixes that name no operation: every API call has them, so ids start after them. */
const unnamedPrefixes = [environmentScope, /^\/api\/1(?=\/|$)/];

/**
 * What @fastify/swagger leaves for the document as a whole: the server it describes, the wildcard
 * parameter under a name, an `operationId` for every operation (a route's own, else one made from its
 * method and path), the body of file answers (`x-produces` on a route: the media types of its 200),
 * and who may call each operation (`x-role` and a sentence of its description, from the contract's table).
 */
export function finishOpenApiDocument<T extends OpenApiObject>(document: T): T {
  const paths: Record<string, PathItem> = {};
  const operations: { path: string; method: string; operation: Operation }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    const named = path.replaceAll('{*}', `{${wildcardName}}`);
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      nameWildcardParameter(operation);
      describeFileAnswer(operation);
      stateRole(operation, `${method.toUpperCase()} ${named}`);
      operations.push({ path: named, method, operation });
    }
    paths[named] = item;
  }
  nameOperations(operations);
  return {
    ...document,
    servers: [
      {
        url: '/',
        description:
          "This server: the API, the image CDN and the public form pages share the console's origin.",
      },
    ],
    paths,
  };
}

/** `x-role` and its sentence at the end of the description; nothing for an operation the table lacks (a test fails then). */
function stateRole(operation: Operation, key: string): void {
  const access = operationAccess(key);
  if (!access) return;
  operation['x-role'] = access;
  const sentence = operationAccessSentence(access);
  operation.description = operation.description ? `${operation.description} ${sentence}` : sentence;
}

/**
 * Gives every operation without its own `operationId` one made from its method and path. Routes mounted
 * both inside the environment scope and outside it (platform administration) would get the same id: the
 * one outside says so (`…WithoutEnvironment`). Any other clash is a mistake the build refuses.
 */
function nameOperations(operations: { path: string; method: string; operation: Operation }[]): void {
  const scoped = new Set(
    operations
      .filter(({ path }) => environmentScope.test(path))
      .map(({ method, path }) => operationIdOf(method, path)),
  );
  const taken = new Map<string, string>();
  for (const { path, method, operation } of operations) {
    if (!operation.operationId) {
      const id = operationIdOf(method, path);
      operation.operationId = !environmentScope.test(path) && scoped.has(id) ? `${id}WithoutEnvironment` : id;
    }
    const where = `${method.toUpperCase()} ${path}`;
    const earlier = taken.get(operation.operationId);
    if (earlier) {
      throw new Error(
        `operationId '${operation.operationId}' of ${where} is also ${earlier}'s: give one an explicit operationId.`,
      );
    }
    taken.set(operation.operationId, where);
  }
}

/**
 * `getPublicationsById` for `GET /api/1/{environmentId}/publications/{id}`: the method, then each path
 * segment in camel case, a parameter as `By{Name}`. Stable (it follows the path) and unique unless two
 * paths differ only in punctuation, which `finishOpenApiDocument` refuses.
 */
export function operationIdOf(method: string, path: string): string {
  const rest = unnamedPrefixes.reduce((remaining, prefix) => remaining.replace(prefix, ''), path);
  const words = rest
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      if (parameter) return ['by', ...wordsOf(parameter[1]!)];
      return wordsOf(segment);
    });
  return method.toLowerCase() + words.map(capitalised).join('');
}

function wordsOf(text: string): string[] {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLowerCase() + word.slice(1));
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function nameWildcardParameter(operation: Operation): void {
  for (const parameter of operation.parameters ?? [])
    if (parameter.in === 'path' && parameter.name === '*') parameter.name = wildcardName;
}

/** A route that answers a file declares the file's media types (`x-produces`); its 200 is then bytes. */
function describeFileAnswer(operation: Operation): void {
  const mediaTypes = operation['x-produces'];
  if (!mediaTypes) return;
  delete operation['x-produces'];
  const bytes = { type: 'string', format: 'binary' } as const;
  operation.responses = {
    200: {
      description: 'The file.',
      content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: bytes }])),
    },
    ...operation.responses,
  };
}
