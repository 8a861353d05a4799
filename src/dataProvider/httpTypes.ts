import type { UploadRequest } from './uploadRequest';

/** The HTTP verbs the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query-string value; `undefined` and `null` are left out, arrays repeat the key. */
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface HttpRequest {
  /** Defaults to GET. */
  method?: HttpMethod;
  query?: QueryParams;
  /** Serialised as JSON, except FormData, Blob and URLSearchParams, which are sent as they are. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/** Spec §7: responses are treated as data, status and ok. Failures never resolve: they throw an HttpError. */
export interface HttpResponse<TData> {
  data: TData;
  status: number;
  ok: boolean;
  headers: Headers;
}

export interface HttpClient {
  /** Parses a JSON answer; an empty answer gives `null`, a non-JSON answer its text. */
  json<TData = unknown>(path: string, request?: HttpRequest): Promise<HttpResponse<TData>>;
  text(path: string, request?: HttpRequest): Promise<HttpResponse<string>>;
  blob(path: string, request?: HttpRequest): Promise<HttpResponse<Blob>>;
  /** A multipart POST with the field `file`, reporting its progress; its answer parsed as `json`'s. */
  upload<TData = unknown>(
    path: string,
    upload: UploadRequest & Pick<HttpRequest, 'query'>,
  ): Promise<HttpResponse<TData>>;
  /**
   * The path of an environment-scoped call: `/api/1/{selected environment}{path}`. It reads the same
   * environment as the `X-Environment-Id` header, so path and header always agree (the server answers 403
   * otherwise).
   */
  environmentPath(path: string): string;
  /** The full URL of a path (and query) on the server, for a link the browser follows itself. */
  href(path: string): string;
  /** Resolves once the server answers again, after a call failed for lack of an answer. */
  whenAnswering(): Promise<void>;
}
