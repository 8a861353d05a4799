import { HttpError } from 'react-admin';

/** The API's error answer (brief: `{status, message, field?}`, message in Dutch). */
export interface ServerErrorBody {
  status?: number;
  message?: string;
  field?: string;
}

/** Shown when the server gives no message of its own (a proxy error page, an empty 502, …). */
export const genericErrorMessage = (status: number) =>
  `Er is iets misgegaan (fout ${status}). Probeer het later opnieuw.`;

export const unreachableMessage =
  'De server is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.';

/** Turns a failed response into react-admin's HttpError, keeping the server's Dutch message. */
export async function httpErrorFromResponse(response: Response): Promise<HttpError> {
  const body = parseErrorBody(await response.text());
  const message = body?.message?.trim() ? body.message : genericErrorMessage(response.status);
  return new HttpError(message, response.status, body);
}

function parseErrorBody(text: string): ServerErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ServerErrorBody) : null;
  } catch {
    return null;
  }
}

/** A 4xx answer: the request itself is refused or its record is not there; asking again changes nothing. */
export function isClientError(error: unknown): boolean {
  return error instanceof HttpError && error.status >= 400 && error.status < 500;
}
