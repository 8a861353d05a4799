import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import type { CallValues, Endpoint, ListAnswer } from '../declarative/apiMapping';
import { callEndpoint } from './callEndpoint';
import type { HttpClient } from './httpTypes';
import { readListAnswer } from './listAnswer';
import { pageSize } from '@contract/paging';

/**
 * A list read: react-admin's page, sort and search become the API's `offset, limit, sort, order,
 * search`; the answer (mapped if declared) becomes rows and a total.
 */
export async function listCall(
  http: HttpClient,
  endpoint: Endpoint<ListAnswer<RaRecord>>,
  values: CallValues,
  { pagination, sort, filter, signal }: Omit<GetListParams, 'meta'>,
): Promise<GetListResult<RaRecord>> {
  const { page = 1, perPage = pageSize } = pagination ?? {};
  const paging = { offset: (page - 1) * perPage, limit: perPage };
  const search = typeof filter?.q === 'string' && filter.q !== '' ? filter.q : undefined;
  // An empty sort field means the server's own order.
  const order = sort?.field ? { sort: sort.field, order: sort.order } : {};
  const response = await callEndpoint(http, endpoint, {
    values,
    query: { search, ...order, ...paging },
    signal,
  });
  const answer = endpoint.response ? endpoint.response(response.data, values) : response.data;
  return readListAnswer(answer, response.headers, paging);
}
