import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hexColorMessage, hexColorPattern, isTextPattern } from './contract/common';
import type { ApiErrorBody } from './contract/errors';
import { fieldLabel } from './contract/fieldLabels';

/** An error meant for the client: its status and Dutch message are sent as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return this.field === undefined
      ? { status: this.status, message: this.message }
      : { status: this.status, message: this.message, field: this.field };
  }
}

export const badRequest = (field: string, message: string) => new ApiError(400, message, field);
export const unauthorized = (message = 'Je bent niet ingelogd of je sessie is verlopen.') =>
  new ApiError(401, message);
export const forbidden = (message = 'Je hebt geen toegang tot deze omgeving.') => new ApiError(403, message);
export const notFound = (what = 'Het gevraagde item') => new ApiError(404, `${what} is niet gevonden.`);
export const conflict = (message: string) => new ApiError(409, message);
export const payloadTooLarge = (message = 'Het bestand of de aanvraag is te groot.') =>
  new ApiError(413, message);

export const internalErrorMessage = 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.';

/** Dutch messages for the framework's own client errors (anything else 4xx gets a generic text). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'De aanvraag bevat geen geldige JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'De aanvraag bevat geen gegevens terwijl die wel verwacht worden.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Het bestand of de aanvraag is te groot.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Dit type inhoud wordt niet ondersteund.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'De aanvraag is niet zo lang als de Content-Length zegt.',
  FST_ERR_BAD_URL: 'Het adres van de aanvraag is ongeldig.',
  FST_ERR_MAX_PARAM_LENGTH: 'Een deel van het adres van de aanvraag is te lang.',
  FST_REQ_FILE_TOO_LARGE: 'Het bestand of de aanvraag is te groot.',
  FST_FILES_LIMIT: 'Er zijn te veel bestanden tegelijk verstuurd.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'De aanvraag moet een multipart-formulier zijn.',
};

/**
 * Installs the error and not-found handlers: every error leaves as `{status, message, field?}` JSON,
 * validation errors become a Dutch 400 naming the field, and no stack trace ever reaches the client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const body = toErrorBody(error);
    // A 5xx the server chose (503: the image renderer shedding load, the identity provider down) is a
    // decision, not a bug: logged at warn without a stack.
    if (body.status >= 500 && error instanceof ApiError)
      request.log.warn({ status: body.status, reason: body.message }, 'request not served');
    else if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: body.status, reason: body.message }, 'request rejected');
    return reply.status(body.status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: the errors its router makes before any route or hook runs (a path that is
 * not valid percent-encoding, a path parameter over its length), which would otherwise leave in
 * Fastify's own English shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: Pick<FastifyRequest, 'log'>,
  // Fastify types this reply by generics of the route it never reached; it is an ordinary reply.
  reply: object,
): void {
  const body = toErrorBody(error);
  request.log.info({ status: body.status, reason: body.message }, 'request rejected');
  void (reply as FastifyReply).status(body.status).type('application/json; charset=utf-8').send(body);
}

/** Node's HTTP parser's refusals, answered on the socket before there is a request: still our shape. */
const clientErrors: Record<string, ApiErrorBody> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'De aanvraag duurde te lang.' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'De kopregels van de aanvraag zijn te groot.' },
};
const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Fastify's `clientErrorHandler` (what its default writes, with the platform's Dutch body). */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A connection reset leaves nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body = clientErrors[error.code ?? ''] ?? { status: 400, message: 'De aanvraag is ongeldig.' };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${body.status} ${reasonPhrases[body.status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** The JSON 404 for unknown API paths. */
export function notFoundBody(): ApiErrorBody {
  return { status: 404, message: 'Deze route bestaat niet.' };
}

/** The JSON body of any error, as the error handler sends it (for areas with their own error handler). */
export function toErrorBody(error: FastifyError | ApiError): ApiErrorBody {
  if (error instanceof ApiError) return error.toBody();
  if ('validation' in error && Array.isArray(error.validation) && error.validation.length > 0) {
    return describeValidationError(error.validation[0], error.validationContext);
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, message: frameworkMessages[error.code] ?? 'De aanvraag is ongeldig.' };
  }
  return { status: 500, message: internalErrorMessage };
}

const typeNames: Record<string, string> = {
  string: 'tekst',
  integer: 'een geheel getal',
  number: 'een getal',
  boolean: 'true of false',
  array: 'een lijst',
  object: 'een object',
  null: 'leeg',
};

const formatNames: Record<string, string> = {
  uuid: 'een geldige GUID',
  email: 'een geldig e-mailadres',
  uri: 'een volledige URL',
  'date-time': 'een geldige datum en tijd',
  date: 'een geldige datum',
};

/** Turns the first schema violation into a Dutch sentence that names the field by its Dutch label. */
export function describeValidationError(issue: FastifySchemaValidationError, context?: string): ApiErrorBody {
  const field = fieldName(issue, context);
  const params = issue.params;
  const quoted = fieldLabel(field);
  let message: string;
  switch (issue.keyword) {
    case 'required':
      message = `${quoted} is verplicht.`;
      break;
    case 'type': {
      const expected = String(params.type).split(',')[0];
      message = `${quoted} moet ${typeNames[expected] ?? expected} zijn.`;
      break;
    }
    case 'format': {
      const format = String(params.format);
      message = formatNames[format]
        ? `${quoted} moet ${formatNames[format]} zijn.`
        : `${quoted} heeft niet de vorm '${format}'.`;
      break;
    }
    case 'minLength':
      message =
        params.limit === 1
          ? `${quoted} mag niet leeg zijn.`
          : `${quoted} moet minstens ${String(params.limit)} tekens lang zijn.`;
      break;
    case 'maxLength':
      message = `${quoted} mag hoogstens ${String(params.limit)} tekens lang zijn.`;
      break;
    case 'minimum':
      message = `${quoted} moet minstens ${String(params.limit)} zijn.`;
      break;
    case 'maximum':
      message = `${quoted} mag hoogstens ${String(params.limit)} zijn.`;
      break;
    case 'minItems':
      message = `${quoted} moet minstens ${String(params.limit)} element(en) bevatten.`;
      break;
    case 'maxItems':
      message = `${quoted} mag hoogstens ${String(params.limit)} elementen bevatten.`;
      break;
    case 'enum':
    case 'const': {
      const allowed = (params.allowedValues as unknown[] | undefined) ?? [params.allowedValue];
      message = `${quoted} moet een van deze waarden zijn: ${allowed.map(String).join(', ')}.`;
      break;
    }
    case 'additionalProperties':
      // The name is the caller's own key, not one of ours: echoed so the caller can find it.
      message = `Het veld '${String(params.additionalProperty)}' is onbekend.`;
      break;
    case 'pattern':
      message = isTextPattern(params.pattern)
        ? `${quoted} mag geen stuurtekens bevatten.`
        : params.pattern === hexColorPattern
          ? hexColorMessage
          : `${quoted} heeft een ongeldige waarde.`;
      break;
    default:
      message = `${quoted} heeft een ongeldige waarde.`;
  }
  return { status: 400, message, field };
}

/** `/subscriber/email` -> `subscriber.email`; a missing property names itself; else the request part. */
function fieldName(issue: FastifySchemaValidationError, context?: string): string {
  const segments = issue.instancePath.split('/').filter(Boolean).map(unescapePointer);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    segments.push(issue.params.missingProperty);
  } else if (
    issue.keyword === 'additionalProperties' &&
    typeof issue.params.additionalProperty === 'string'
  ) {
    segments.push(issue.params.additionalProperty);
  }
  if (segments.length > 0) return segments.join('.');
  return context === 'querystring' ? 'query' : (context ?? 'body');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
