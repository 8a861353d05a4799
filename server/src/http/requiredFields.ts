import type { preValidationHookHandler } from 'fastify';
import { requiredFieldMessage } from '../contract/formRules';
import { badRequest } from '../errors';

/**
 * A preValidation hook that answers 400 with the Dutch required message ('Naam is een verplicht veld')
 * when a required body field is missing, null or blank. It runs before the schema, because the schema
 * alone would say "Het veld 'name' is verplicht." and Fastify's type coercion would take a null number
 * for 0. Everything else (types, limits) is left to the schema.
 * `fields` maps the body's property names to their Dutch names, in the order the form shows them.
 */
export function requireFields(fields: Readonly<Record<string, string>>): preValidationHookHandler {
  return (request, _reply, done) => {
    const body: unknown = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      done(); // not an object: the schema's own message names the problem
      return;
    }
    const values = (body ?? {}) as Record<string, unknown>;
    for (const [field, fieldName] of Object.entries(fields)) {
      const value = values[field];
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
        done(badRequest(field, requiredFieldMessage(fieldName)));
        return;
      }
    }
    done();
  };
}
