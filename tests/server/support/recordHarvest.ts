import {
  fillPath,
  folderPathParameter,
  nonNull,
  sampleValue,
  type JsonSchema,
  type Operation,
} from './openApiOperations';
import type { TestServer, Tokens } from './testServer';

/** What an environment's reads show: ids and other values by the property name they appear under. */
export interface Harvest {
  /** `listId` → the list ids seen, `id` → every record id seen, `blockType` → block types, … */
  values: Map<string, Set<string>>;
  /** For a GET template with ids: path values that answered 200 (a real record of the environment). */
  bindings: Map<string, Record<string, string>>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Candidates tried per path parameter while crawling (the demo environments are small). */
const candidatesPerParameter = 80;

/**
 * Crawls the GET operations of one environment as a member: first those without ids, then those whose
 * path ids can be bound to values seen so far, until nothing new answers. Generic over the document, so
 * a new resource is harvested without changes here.
 */
export async function harvestEnvironment(
  server: TestServer,
  token: Tokens,
  environmentId: string,
  operations: Operation[],
): Promise<Harvest> {
  const harvest: Harvest = { values: new Map(), bindings: new Map() };
  const reads = operations.filter((operation) => operation.method === 'GET');
  // The crawl only reads, so a read a later round would repeat answers as it did: each is sent once.
  const refused = new Set<string>();
  for (let round = 0; round < 3; round += 1) {
    for (const operation of reads) {
      if (harvest.bindings.has(operation.template)) continue;
      const binding = await bindRead(server, token, environmentId, operation, harvest, refused);
      if (binding) harvest.bindings.set(operation.template, binding);
    }
  }
  return harvest;
}

/**
 * The values of a parameter name: the ids the parent list showed first (`/flows` for `/flows/{id}`), then
 * the same name, then every record id (for `{id}` and the like).
 */
export function candidatesFor(
  harvest: Harvest,
  name: string,
  schema: JsonSchema,
  template?: string,
): string[] {
  const own = nonNull(schema);
  if (own.enum) return own.enum.map(String);
  const byName = [...(harvest.values.get(name) ?? [])];
  const placeholder = template?.indexOf(`/{${name}}`) ?? -1;
  const fromParentList =
    template && placeholder >= 0
      ? [...(harvest.values.get(listKey(template.slice(0, placeholder))) ?? [])]
      : [];
  if (own.format !== 'uuid') {
    // An id of another shape (a caught message's): the parent list's first, only values of its pattern.
    const pattern = own.pattern === undefined ? undefined : new RegExp(own.pattern);
    return [...new Set([...fromParentList, ...byName])].filter((value) => pattern?.test(value) ?? true);
  }
  // `templateId` also takes what was read as `publicationTemplateId`, and the like.
  const bySuffix = [...harvest.values.entries()]
    .filter(([key]) => key !== name && key.toLowerCase().endsWith(name.toLowerCase()) && name !== 'id')
    .flatMap(([, values]) => [...values]);
  const ids = [...(harvest.values.get('id') ?? [])];
  return [...new Set([...fromParentList, ...byName, ...bySuffix, ...ids])];
}

/** Where the ids of a list read are kept, by the list's path template. */
const listKey = (template: string) => `list ${template}`;

/** The ids of the records a list read answered (a bare array, or a page's `data`). */
function collectListIds(harvest: Harvest, template: string, body: unknown): void {
  const items = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(items)) return;
  for (const item of items) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === 'string') add(harvest, listKey(template), id);
  }
}

async function bindRead(
  server: TestServer,
  token: Tokens,
  environmentId: string,
  operation: Operation,
  harvest: Harvest,
  refused: Set<string>,
): Promise<Record<string, string> | undefined> {
  const own = operation.pathParameters.filter((parameter) => parameter.name !== 'environmentId');
  const query = Object.fromEntries(
    operation.queryParameters
      .filter((parameter) => parameter.required)
      .map((parameter) => [
        parameter.name,
        String(
          candidatesFor(harvest, parameter.name, parameter.schema)[0] ??
            sampleValue(parameter.name, parameter.schema),
        ),
      ]),
  );
  // One parameter varies at a time; the others keep their first candidate. Enough for the demo data.
  const choices = own.map((parameter) =>
    parameter.name === folderPathParameter
      ? ['']
      : candidatesFor(harvest, parameter.name, parameter.schema, operation.template).slice(
          0,
          candidatesPerParameter,
        ),
  );
  if (choices.some((values) => values.length === 0)) return undefined;
  const tries: Array<Record<string, string>> = [];
  const first = Object.fromEntries(own.map((parameter, index) => [parameter.name, choices[index][0]]));
  tries.push(first);
  own.forEach((parameter, index) => {
    for (const value of choices[index].slice(1)) tries.push({ ...first, [parameter.name]: value });
  });
  let bound: Record<string, string> | undefined;
  for (const values of tries) {
    const path = fillPath(operation.template, { ...values, environmentId });
    const key = `${path}?${new URLSearchParams(query).toString()}`;
    if (refused.has(key)) continue;
    const response = await server.api('GET', path, { token, env: environmentId, query });
    if (response.status !== 200) {
      refused.add(key);
      continue;
    }
    collect(harvest, response.body);
    collectListIds(harvest, operation.template, response.body);
    bound ??= values;
    if (own.length === 0) break;
  }
  return bound;
}

/** Records every string value of a JSON answer under its property name (uuids also under `id`). */
function collect(harvest: Harvest, value: unknown, key?: string): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(harvest, item, key);
  } else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) collect(harvest, item, name);
  } else if (typeof value === 'string' && key) {
    add(harvest, key, value);
    if (uuidPattern.test(value)) add(harvest, 'id', value);
  }
}

function add(harvest: Harvest, key: string, value: string): void {
  const set = harvest.values.get(key) ?? new Set<string>();
  set.add(value);
  harvest.values.set(key, set);
}

/** Every uuid an environment's reads showed. */
export function harvestedIds(harvest: Harvest): Set<string> {
  return new Set(harvest.values.get('id') ?? []);
}
