import { HttpError } from 'react-admin';
import type { HttpClient, HttpRequest, HttpResponse } from './httpTypes';
import { answerDeadline } from './answerDeadline';
import { encodeBody } from './requestBody';
import { requestUrl } from './requestUrl';
import { httpErrorFromResponse, unreachableMessage } from './serverError';
import { createServerReachability } from './serverReachability';
import { sendUpload, type UploadRequest } from './uploadRequest';

export type { HttpClient, HttpMethod, HttpRequest, HttpResponse, QueryParams, QueryValue } from './httpTypes';

export interface HttpClientOptions {
  /** The server root: '' (the console's own origin) unless the build overrides it. */
  baseUrl: string;
  /** Resolves a valid access token (refreshing it when needed); a rejection fails the call with a 401. */
  getAccessToken: () => Promise<string>;
  /** The selected environment; undefined before sign-in has chosen one. */
  getEnvironmentId: () => string | undefined;
}

/** The one call made before sign-in: it tells the console where to sign in (spec §7). */
const anonymousPaths: ReadonlySet<string> = new Set(['/api/1/environment/info']);

const sessionExpiredMessage = 'Je sessie is verlopen. Log opnieuw in.';

/**
 * The console's HTTP layer (spec §7). Every call except environment info carries the bearer token and
 * the `X-Environment-Id` header; failures become react-admin `HttpError`s with the server's message.
 */
export function createHttpClient({
  baseUrl,
  getAccessToken,
  getEnvironmentId,
}: HttpClientOptions): HttpClient {
  const reachability = createServerReachability(requestUrl(baseUrl, '/health'));

  /** The headers of every call: what it accepts, and the bearer token and environment. */
  async function headersOf(path: string, request: HttpRequest, accept: string): Promise<Headers> {
    const headers = new Headers(request.headers);
    if (!headers.has('Accept')) headers.set('Accept', accept);
    if (!anonymousPaths.has(path)) {
      headers.set('Authorization', `Bearer ${await accessToken()}`);
      const environmentId = getEnvironmentId();
      if (environmentId) headers.set('X-Environment-Id', environmentId);
    }
    return headers;
  }

  async function send(path: string, request: HttpRequest, accept: string): Promise<Response> {
    const headers = await headersOf(path, request, accept);
    const { body, contentType } = encodeBody(request.body);
    if (contentType) headers.set('Content-Type', contentType);

    // A server that takes the request and never answers (stopped, hanging) fails like one that is away.
    const deadline = answerDeadline(request.signal);
    let response: Response;
    try {
      response = await fetch(requestUrl(baseUrl, path, request.query), {
        method: request.method ?? 'GET',
        headers,
        body,
        signal: deadline.signal,
      });
    } catch (error) {
      // A cancelled query is not a failure: react-query expects the AbortError back.
      if (request.signal?.aborted) throw error;
      throw new HttpError(unreachableMessage, 0, null);
    } finally {
      deadline.settle();
    }
    if (!response.ok) throw await httpErrorFromResponse(response);
    return response;
  }

  async function accessToken(): Promise<string> {
    try {
      return await getAccessToken();
    } catch (error) {
      // A 401 lets react-admin's checkError send the user back to the login screen.
      if (error instanceof HttpError) throw error;
      throw new HttpError(sessionExpiredMessage, 401, null);
    }
  }

  return {
    async json<TData>(path: string, request: HttpRequest = {}) {
      const response = await send(path, request, 'application/json');
      return answer(response, parseJson(await response.text()) as TData);
    },
    async text(path, request = {}) {
      const response = await send(path, request, 'text/plain, */*');
      return answer(response, await response.text());
    },
    async blob(path, request = {}) {
      const response = await send(path, request, '*/*');
      return answer(response, await response.blob());
    },
    async upload<TData>(path: string, upload: UploadRequest & Pick<HttpRequest, 'query'>) {
      const headers = await headersOf(path, {}, 'application/json');
      let sent;
      try {
        sent = await sendUpload(requestUrl(baseUrl, path, upload.query), headers, upload);
      } catch (error) {
        if (upload.signal?.aborted) throw error;
        throw new HttpError(unreachableMessage, 0, null);
      }
      // A Response around the answer, so that a refusal reads exactly as one of fetch does.
      const response = new Response(sent.status === 204 ? null : sent.text, { status: sent.status });
      if (!response.ok) throw await httpErrorFromResponse(response);
      return answer(response, parseJson(await response.text()) as TData);
    },
    environmentPath(path) {
      const environmentId = getEnvironmentId();
      if (!environmentId) throw new Error(`No environment selected for ${path}`);
      return `/api/1/${encodeURIComponent(environmentId)}${path}`;
    },
    href: (path) => requestUrl(baseUrl, path),
    whenAnswering: () => reachability.whenAnswering(),
  };
}

function answer<TData>(response: Response, data: TData): HttpResponse<TData> {
  return { data, status: response.status, ok: response.ok, headers: response.headers };
}

/** Empty answers (204) give null; an answer that is not JSON (a bare id as text) gives its text. */
function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
