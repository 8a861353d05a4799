import { HttpError } from 'react-admin';

/** The API's error answer (brief: `{status, message, field?}`, message in Dutch). */
export interface ServerErrorBody {
  status?: number;
  message?: string;
  field?: string;
}

/** Shown when the server gives no message of its own (a proxy error page, an empty 500, …). */
export const genericErrorMessage = (status: number) =>
  `Er is iets misgegaan (fout ${status}). Probeer het later opnieuw.`;

/**
 * The one text for a server that cannot be reached: no answer at all, or a gateway's or a stopping
 * server's 502/503/504 instead of the platform's own. What was typed stays on the page (the boundaries
 * and forms keep it), so the message says so.
 */
export const unreachableMessage =
  'De server is niet bereikbaar. Wat je hebt ingevuld blijft staan; probeer het zo opnieuw.';

/** The answers of something between the console and the platform when the platform is away. */
const unavailableStatuses: ReadonlySet<number> = new Set([502, 503, 504]);

/** Turns a failed response into react-admin's HttpError, keeping the server's Dutch message. */
export async function httpErrorFromResponse(response: Response): Promise<HttpError> {
  const body = parseErrorBody(await response.text());
  if (isPlatformError(body)) return new HttpError(body.message, response.status, body);
  // Not the platform speaking (Fastify's 'Service Unavailable' while it stops, a proxy's error page).
  if (unavailableStatuses.has(response.status))
    return new HttpError(unreachableMessage, response.status, body);
  const message = body?.message?.trim() ? body.message : genericErrorMessage(response.status);
  return new HttpError(message, response.status, body);
}

/** An answer in the platform's own shape: a numeric status and a message (always Dutch). */
function isPlatformError(body: ServerErrorBody | null): body is ServerErrorBody & { message: string } {
  return typeof body?.status === 'number' && typeof body.message === 'string' && body.message.trim() !== '';
}

function parseErrorBody(text: string): ServerErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ServerErrorBody) : null;
  } catch {
    return null;
  }
}

/**
 * A call that got no answer from the platform (away, stopped, too slow, or a gateway's 502–504): it may
 * well succeed once the server answers again (`whenServerAnswers`).
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof HttpError && error.message === unreachableMessage;
}

/** A 4xx answer: the request itself is refused or its record is not there; asking again changes nothing. */
export function isClientError(error: unknown): boolean {
  return error instanceof HttpError && error.status >= 400 && error.status < 500;
}

/** A view's code that could not be downloaded (the browsers' words for a failed `import()`). */
const failedDownload =
  /dynamically imported module|Importing a module script failed|error loading dynamically/i;

/** The generic text when a page or panel broke for a reason that is not the server's answer. */
export const brokenViewMessage = 'Dit onderdeel kon niet worden getoond. Probeer het opnieuw.';

/**
 * The Dutch message for anything that made a page or panel fail: the server's own message for a
 * failed call (already Dutch, see httpErrorFromResponse), the unreachable text for code that could not
 * be downloaded, and a generic text for the rest (never an English exception).
 */
export function failureMessage(error: unknown): string {
  if (error instanceof HttpError && error.message) return error.message;
  if (error instanceof Error && (failedDownload.test(error.message) || error.name === 'ViewDownloadTimeout'))
    return unreachableMessage;
  return brokenViewMessage;
}
