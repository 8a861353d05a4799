import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DeleteManyParams,
  type DeleteParams,
  type DeleteResult,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateManyParams,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import type { ResourceDeclaration } from '../declarative/resourceDeclaration';
import { asValues } from './asValues';
import { callEndpoint } from './callEndpoint';
import { declaredApis } from './declaredApis';
import { downloadLink } from './downloadLink';
import type { ActionParams, DeclaredDataProvider, UploadParams } from './declaredDataProvider';
import type { HttpClient } from './httpTypes';
import { listCall } from './listCall';
import { fillPathTemplate } from './pathTemplate';
import { asQueryParams } from './queryParams';
import { selectParams } from './selectParams';
import { recordCall } from './recordCall';

export type { ActionParams, DeclaredDataProvider, UploadParams } from './declaredDataProvider';

/**
 * The console's only dataProvider. It knows no resource: each call looks up the resource's
 * declaration and runs the declared endpoint through the HTTP layer. Adding a resource never edits it.
 *
 * The values of a call merge, later ones winning: previousData, data (or the list filter), meta, and
 * `id` (or the reference target). Path placeholders, query parameters and body fields pick from them.
 */
export function createDataProvider(
  declarations: readonly ResourceDeclaration[],
  http: HttpClient,
): DeclaredDataProvider {
  const { apiOf, endpointOf } = declaredApis(declarations);

  function getList(resource: string, { meta, ...params }: GetListParams) {
    const { q: _search, ...filter } = asValues(params.filter);
    return listCall(http, endpointOf(resource, 'getList'), { ...filter, ...asValues(meta) }, params);
  }

  function getManyReference(resource: string, { target, id, meta, ...params }: GetManyReferenceParams) {
    const api = apiOf(resource);
    const endpoint = api.getManyReference ?? endpointOf(resource, 'getList');
    const { q: _search, ...filter } = asValues(params.filter);
    return listCall(http, endpoint, { ...filter, ...asValues(meta), [target]: id }, params);
  }

  /** For resources without a read of one (GET /lists/ only): the records among the first page. */
  async function findInList(
    resource: string,
    ids: readonly Identifier[],
    meta: unknown,
    signal?: AbortSignal,
  ) {
    const { data } = await listCall(http, endpointOf(resource, 'getList'), asValues(meta), { signal });
    const wanted = new Set(ids.map(String));
    return data.filter((record) => wanted.has(String(record.id)));
  }

  async function getOne(resource: string, { id, meta, signal }: GetOneParams & { signal?: AbortSignal }) {
    const endpoint = apiOf(resource).getOne;
    if (endpoint) {
      const values = { ...asValues(meta), id };
      return { data: await recordCall(http, endpoint, { values, known: { id }, signal }) };
    }
    const [record] = await findInList(resource, [id], meta, signal);
    if (!record) throw new HttpError('Dit item bestaat niet (meer).', 404, null);
    return { data: record };
  }

  async function getMany(resource: string, { ids, meta, signal }: GetManyParams) {
    const api = apiOf(resource);
    if (api.getMany)
      return { data: (await listCall(http, api.getMany, { ...asValues(meta), ids }, { signal })).data };
    if (!api.getOne) return { data: await findInList(resource, ids, meta, signal) };
    const answers = await Promise.all(ids.map((id) => getOne(resource, { id, meta, signal })));
    return { data: answers.map((answer) => answer.data) };
  }

  async function create(resource: string, { data, meta }: CreateParams) {
    const values = { ...asValues(data), ...asValues(meta) };
    const known = asValues(data);
    return {
      data: await recordCall(http, endpointOf(resource, 'create'), {
        values,
        data,
        known,
        bareIdIsNewId: true,
      }),
    };
  }

  async function update(resource: string, { id, data, previousData, meta }: UpdateParams) {
    const known = { ...asValues(previousData), ...asValues(data), id };
    const values = { ...known, ...asValues(meta), id };
    return { data: await recordCall(http, endpointOf(resource, 'update'), { values, data, known }) };
  }

  async function remove(resource: string, { id, previousData, meta }: DeleteParams) {
    const known = { ...asValues(previousData), id };
    const values = { ...known, ...asValues(meta), id };
    return { data: await recordCall(http, endpointOf(resource, 'delete'), { values, known }) };
  }

  async function action(resource: string, name: string, { id, data, meta, signal }: ActionParams = {}) {
    const endpoint = apiOf(resource).actions?.[name];
    if (!endpoint) throw new Error(`Resource '${resource}' declares no action '${name}'`);
    const values = { ...data, ...meta, ...(id === undefined ? {} : { id }) };
    const response = await callEndpoint(http, endpoint, { values, data, signal });
    return { data: endpoint.response ? endpoint.response(response.data, values) : response.data };
  }

  async function upload(resource: string, name: string, { id, meta, ...file }: UploadParams) {
    const endpoint = apiOf(resource).actions?.[name];
    if (!endpoint) throw new Error(`Resource '${resource}' declares no action '${name}'`);
    const values = { ...meta, ...(id === undefined ? {} : { id }) };
    const path = http.environmentPath(fillPathTemplate(endpoint.path, values));
    const query = endpoint.query ? asQueryParams(selectParams(endpoint.query, values)) : undefined;
    const response = await http.upload(path, { ...file, query });
    return { data: endpoint.response ? endpoint.response(response.data, values) : response.data };
  }

  function actionDownloadLink(resource: string, name: string, { id, data, meta }: ActionParams = {}) {
    const endpoint = apiOf(resource).actions?.[name];
    if (!endpoint) throw new Error(`Resource '${resource}' declares no action '${name}'`);
    return downloadLink(http, endpoint, { ...data, ...meta, ...(id === undefined ? {} : { id }) });
  }

  // react-admin's signatures let the caller choose the record type; the casts hand our records over
  // as that type, as every dataProvider does.
  return {
    supportAbortSignal: true,
    getList: async <R extends RaRecord>(resource: string, params: GetListParams) =>
      (await getList(resource, params)) as GetListResult<R>,
    getManyReference: async <R extends RaRecord>(resource: string, params: GetManyReferenceParams) =>
      (await getManyReference(resource, params)) as GetListResult<R>,
    getOne: async <R extends RaRecord>(resource: string, params: GetOneParams) =>
      (await getOne(resource, params)) as { data: R },
    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams) =>
      (await getMany(resource, params)) as { data: R[] },
    create: async <R extends RaRecord>(resource: string, params: CreateParams) =>
      (await create(resource, params)) as CreateResult<R>,
    update: async <R extends RaRecord>(resource: string, params: UpdateParams) =>
      (await update(resource, params)) as UpdateResult<R>,
    delete: async <R extends RaRecord>(resource: string, params: DeleteParams) =>
      (await remove(resource, params)) as DeleteResult<R>,
    // The API has no bulk calls: one call per record.
    updateMany: async (resource: string, { ids, data, meta }: UpdateManyParams) => {
      await Promise.all(ids.map((id) => update(resource, { id, data, meta, previousData: { id } })));
      return { data: ids };
    },
    deleteMany: async (resource: string, { ids, meta }: DeleteManyParams) => {
      await Promise.all(ids.map((id) => remove(resource, { id, meta })));
      return { data: ids };
    },
    action: async <TResult>(resource: string, name: string, params?: ActionParams) =>
      (await action(resource, name, params)) as { data: TResult },
    upload: async <TResult>(resource: string, name: string, params: UploadParams) =>
      (await upload(resource, name, params)) as { data: TResult },
    // Nothing to send: withAfterSave gives it a save's effects.
    changed: async () => ({ data: null }),
    whenServerAnswers: () => http.whenAnswering(),
    downloadLink: async (resource: string, name: string, params?: ActionParams) =>
      actionDownloadLink(resource, name, params),
  };
}
