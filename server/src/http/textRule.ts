import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors';
import { hasLoneSurrogate, hasNonTextControlCharacter } from './controlCharacters';
import { fieldLabel } from '../contract/fieldLabels';
import { maxJsonDepth, nestsDeeperThan, tooDeeplyNested } from './jsonDepth';

// One rule for every text a request body carries, at any depth and whatever its content type (a block's
// content is free-form JSON the schemas cannot describe field by field; a public form's answers are
// form-encoded): no control character other than tab, newline and CR, and no lone UTF-16 surrogate. A
// NUL cannot be stored (PostgreSQL answered 500), and a lone surrogate in a name was silently stored as
// U+FFFD. Both are refused with a 400 naming the field before the schema or a handler reads the value.
// The single-line fields refuse tab, newline and CR too, through their schema pattern
// (contract/common.ts); query strings are checked by those patterns. The embedded provider's requests
// (/oidc) have their own guard with its own answers (identity/controlCharacterGuard.ts).

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bodies the JSON parser read whole and refused, answered by the hook below: a parser's own error makes
 * Fastify close the connection (the client might still be sending), and a client that must reconnect
 * after each refusal costs a TLS handshake each time.
 */
const refusedBodies = new WeakMap<FastifyRequest, ApiError>();

/** `exceptUnder`: the path of a part with its own guard (the embedded provider's, /oidc), left alone here. */
export function registerTextRule(app: FastifyInstance, { exceptUnder }: { exceptUnder: string }): void {
  readJsonAsStrictUtf8(app);
  app.addHook('preValidation', async (request) => {
    const refusal = refusedBodies.get(request);
    if (refusal) throw refusal;
    if (request.body === undefined || request.url.startsWith(exceptUnder)) return;
    refuseInvalidText(request.body, []);
  });
}

/**
 * Replaces Fastify's JSON parser with one that reads the body as bytes and refuses bytes that are not
 * UTF-8 (decoding them would turn them into U+FFFD unnoticed) and JSON nested deeper than `maxJsonDepth`
 * (before parsing, so that neither the parse nor any walk of the value, such as this rule's, does the
 * work), then parses it as Fastify does (prototype poisoning refused).
 */
function readJsonAsStrictUtf8(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new ApiError(400, 'De aanvraag is geen geldige UTF-8-tekst.', 'body'), undefined);
      return;
    }
    if (nestsDeeperThan(text, maxJsonDepth)) {
      refusedBodies.set(request, tooDeeplyNested());
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** Throws a 400 naming the first string (or key) below `value` that breaks the rule, e.g. `content.title`. */
export function refuseInvalidText(value: unknown, path: readonly string[]): void {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) throw textRefusal(path, problem);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => refuseInvalidText(item, [...path, String(index)]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A key that breaks the rule is named by where it stands (its own text would carry the character).
      const problem = textProblem(key);
      if (problem) throw textRefusal(path, problem);
      refuseInvalidText(item, [...path, key]);
    }
  }
}

type TextProblem = 'control' | 'surrogate';

function textProblem(text: string): TextProblem | undefined {
  if (hasNonTextControlCharacter(text)) return 'control';
  if (hasLoneSurrogate(text)) return 'surrogate';
  return undefined;
}

function textRefusal(path: readonly string[], problem: TextProblem): ApiError {
  const field = path.length > 0 ? path.join('.') : 'body';
  return badRequest(
    field,
    problem === 'control'
      ? `${fieldLabel(field)} mag geen stuurtekens bevatten.`
      : `${fieldLabel(field)} bevat een ongeldig teken (een losse UTF-16-surrogaat).`,
  );
}
