import type { FastifyInstance, FastifySchema } from 'fastify';
import { badRequest } from '../errors';
import { fieldLabel } from '../contract/fieldLabels';

interface ObjectSchema {
  properties?: Record<string, { type?: unknown; anyOf?: Array<{ type?: unknown }> }>;
}

/**
 * Refuses `Infinity`, `-Infinity` and `1e400` in numeric query and path parameters with a 400 naming
 * the field. Ajv coerces such text to an infinite number and then skips `minimum` and `maximum` for it
 * (it only compares finite numbers), so a bounded `offset` let `Infinity` through to the database (500).
 * Must be registered before the routes: it reads each route's schema as the route is added.
 */
export function refuseNonFiniteNumbers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as FastifySchema | undefined;
    const queryFields = numericFields(schema?.querystring);
    const pathFields = numericFields(schema?.params);
    if (queryFields.length === 0 && pathFields.length === 0) return;
    const check = async (request: { query: unknown; params: unknown }) => {
      refuseIn(request.query, queryFields);
      refuseIn(request.params, pathFields);
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [...[existing].flat(), check] : check;
  });
}

function numericFields(schema: unknown): string[] {
  const properties = (schema as ObjectSchema | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) =>
      [property.type, ...(property.anyOf ?? []).map((option) => option.type)].some(
        (type) => type === 'integer' || type === 'number',
      ),
    )
    .map(([name]) => name);
}

function refuseIn(values: unknown, fields: string[]): void {
  if (!values || typeof values !== 'object') return;
  for (const field of fields) {
    const value = (values as Record<string, unknown>)[field];
    for (const text of [value].flat()) {
      if (typeof text === 'string' && text.trim() !== '' && !Number.isFinite(Number(text)))
        throw badRequest(field, `${fieldLabel(field)} moet een eindig getal zijn.`);
    }
  }
}
