import type { DownloadTicket } from '@contract/downloads';
import type { CallValues, Endpoint } from '../declarative/apiMapping';
import type { HttpClient } from './httpTypes';
import { fillPathTemplate } from './pathTemplate';
import { asQueryParams } from './queryParams';
import { requestUrl } from './requestUrl';
import { selectParams } from './selectParams';

/**
 * A link to the answer of a declared GET endpoint that the browser can follow itself, so the file
 * streams to disk instead of into the page's memory. A followed link carries no bearer token: the server
 * signs a ticket for exactly this path, valid for a minute (server/src/auth/downloadTicket.ts).
 */
export async function downloadLink(
  http: HttpClient,
  endpoint: Endpoint<unknown>,
  values: CallValues,
): Promise<string> {
  if (endpoint.method !== 'GET') throw new Error(`Only a GET can be downloaded, not ${endpoint.path}`);
  const query = endpoint.query ? asQueryParams(selectParams(endpoint.query, values)) : {};
  const path = requestUrl('', http.environmentPath(fillPathTemplate(endpoint.path, values)), query);
  const { data } = await http.json<DownloadTicket>(http.environmentPath('/download-ticket'), {
    method: 'POST',
    body: { path },
  });
  return http.href(data.url);
}
