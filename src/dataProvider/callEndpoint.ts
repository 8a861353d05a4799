import type { CallValues, Endpoint } from '../declarative/apiMapping';
import type { HttpClient, HttpResponse, QueryParams } from './httpTypes';
import { fillPathTemplate } from './pathTemplate';
import { asQueryParams } from './queryParams';
import { selectParams } from './selectParams';

export interface EndpointCall {
  values: CallValues;
  /** The form data, sent whole by `body: 'data'`. */
  data?: unknown;
  /** Sent besides the declared query (the paging parameters of list reads). */
  query?: QueryParams;
  signal?: AbortSignal;
}

/** Turns a declared endpoint and the call's values into one request of the environment's API. */
export function callEndpoint(
  http: HttpClient,
  endpoint: Endpoint<unknown>,
  { values, data, query, signal }: EndpointCall,
): Promise<HttpResponse<unknown>> {
  const path = http.environmentPath(fillPathTemplate(endpoint.path, values));
  const declaredQuery = endpoint.query ? asQueryParams(selectParams(endpoint.query, values)) : {};
  const body =
    endpoint.body === 'data' ? data : endpoint.body ? selectParams(endpoint.body, values) : undefined;
  return http.json(path, { method: endpoint.method, query: { ...declaredQuery, ...query }, body, signal });
}
