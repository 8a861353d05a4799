import type { RaRecord } from 'react-admin';
import type { CallValues, Endpoint } from '../declarative/apiMapping';
import { callEndpoint } from './callEndpoint';
import type { HttpClient } from './httpTypes';
import { recordFromAnswer } from './recordAnswer';

export interface RecordCall {
  values: CallValues;
  /** The form data, for `body: 'data'`. */
  data?: unknown;
  /** What the console already knows of the record; the answer is merged over it. */
  known: Record<string, unknown>;
  /** True for creates: a bare id in the answer is the new record's id. */
  bareIdIsNewId?: boolean;
  signal?: AbortSignal;
}

/** A call whose answer is one record: the declared mapper makes it, or the answer merged over `known`. */
export async function recordCall(
  http: HttpClient,
  endpoint: Endpoint<RaRecord>,
  { values, data, known, bareIdIsNewId = false, signal }: RecordCall,
): Promise<RaRecord> {
  const response = await callEndpoint(http, endpoint, { values, data, signal });
  return endpoint.response
    ? endpoint.response(response.data, values)
    : recordFromAnswer(response.data, known, { bareIdIsNewId });
}
