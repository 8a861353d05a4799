import { stdSerializers, type SerializedError } from 'pino';

/**
 * Properties of database errors that carry the values of a query: drizzle's `params` (e-mail addresses,
 * names), and PostgreSQL's `detail` ('Key (email)=(anne@…) already exists.') and `where`. Personal data
 * under the GDPR, so they never reach a log; the SQL text, the error code and the constraint stay, which
 * is what finding the fault needs.
 */
const valueCarryingProperties = new Set(['params', 'parameters', 'detail', 'where']);

/** drizzle's DrizzleQueryError repeats the parameters in its message: `Failed query: …\nparams: …`. */
const paramsInMessage = /\nparams: [\s\S]*$/;

/** pino's error serializer (with the cause, whose code and constraint tell what failed), without query values. */
export function serializeErrorWithoutQueryValues(error: Error): SerializedError {
  return stdSerializers.errWithCause(withoutQueryValues(error, 0) as Error);
}

function withoutQueryValues(error: unknown, depth: number): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const message = error.message.replace(paramsInMessage, '\nparams: [verwijderd]');
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(error)) {
    if (valueCarryingProperties.has(name)) continue;
    copy[name] = value;
  }
  copy.name = error.name;
  copy.message = message;
  copy.stack = error.stack?.replace(error.message, message);
  if (error.cause !== undefined) copy.cause = withoutQueryValues(error.cause, depth + 1);
  // An Error's prototype, not the original's: pino reads every enumerable property, inherited ones too,
  // and a native error's getters (DOMException's `code`, from a fetch timeout) throw on a copy. The own
  // `constructor` keeps the type pino names ('DrizzleQueryError', 'DOMException').
  Object.defineProperty(copy, 'constructor', { value: error.constructor, enumerable: false });
  return Object.setPrototypeOf(copy, Error.prototype);
}
