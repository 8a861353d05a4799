import type {
  AudienceDetail,
  AudienceListDetail,
  ReceiverList,
  Subscriber,
  Unsubscriber,
} from '@contract/receivers';
import type { ListImport } from '@contract/listImports';
import { jsonAnswer, mockFetch, type SentRequest } from './fetchEdge';

const noLabels = {
  attributeLabel1: null,
  attributeLabel2: null,
  attributeLabel3: null,
  attributeLabel4: null,
  attributeLabel5: null,
  attributeLabel6: null,
  attributeLabel7: null,
  attributeLabel8: null,
  attributeLabel9: null,
};

export function receiverList(
  overrides: Partial<ReceiverList> & Pick<ReceiverList, 'id' | 'title'>,
): ReceiverList {
  return {
    type: 'ManualList',
    isDeleted: false,
    isTest: false,
    isPublic: false,
    subscriberCount: 0,
    createdAt: '2025-01-10T09:00:00.000Z',
    ...noLabels,
    ...overrides,
  };
}

export function subscriber(
  overrides: Partial<Subscriber> & Pick<Subscriber, 'id' | 'listId' | 'name' | 'email'>,
): Subscriber {
  return {
    listName: 'Nieuwsbrief bewoners',
    initials: null,
    firstName: null,
    middleName: null,
    lastName: null,
    phoneNumber: null,
    address: null,
    postalCode: null,
    city: null,
    country: null,
    isOrganization: false,
    attribute1: null,
    attribute2: null,
    attribute3: null,
    attribute4: null,
    attribute5: null,
    attribute6: null,
    attribute7: null,
    attribute8: null,
    attribute9: null,
    isUnsubscribed: false,
    createdAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function audienceListOf(list: ReceiverList, id: string): AudienceListDetail {
  const { id: listId, type: _type, createdAt: _createdAt, ...fields } = list;
  return { ...fields, id, listId, filters: [] };
}

export interface ReceiversState {
  lists: ReceiverList[];
  subscribers: Subscriber[];
  unsubscribers: Unsubscriber[];
  audiences: AudienceDetail[];
  /** The lists' imports, newest first (absent: none). */
  imports?: ListImport[];
}

/** The id the fake gives its n-th created record: a UUID, as the server's are (the contract says so). */
export function createdId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const notFound = () => jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });

/**
 * The receivers API of the server, in memory, as far as the console uses it: reads answer from
 * `state`, writes change it (so tables refetch what was saved). `override` may answer a request first,
 * e.g. a 409. Every request is recorded in `sent`.
 */
export function fakeReceiversApi(
  state: ReceiversState,
  override?: (request: SentRequest) => Response | undefined,
) {
  let nextId = 1;
  return mockFetch((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const path = request.path.replace('/api/1/env-1', '');
    const { method } = request;
    let match: RegExpMatchArray | null;

    if (method === 'GET' && path === '/lists/') {
      const isDeleted = request.query.get('isDeleted');
      const rows = state.lists.filter((list) => isDeleted === null || String(list.isDeleted) === isDeleted);
      return jsonAnswer(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }
    if (method === 'POST' && path === '/list/manual') {
      const list = receiverList({ id: createdId(nextId++), title: request.query.get('title') ?? '' });
      state.lists.push(list);
      return jsonAnswer(list, { status: 201 });
    }
    if ((match = path.match(/^\/list\/manual\/([^/]+)$/))) {
      const list = state.lists.find((candidate) => candidate.id === match?.[1]);
      if (!list) return notFound();
      if (method === 'GET') return jsonAnswer(list);
      if (method === 'PUT') {
        list.title = request.query.get('title') ?? list.title;
        list.isTest = request.query.get('isTest') === 'true';
        list.isPublic = request.query.get('isPublic') === 'true';
        return jsonAnswer(list);
      }
    }
    if (method === 'PUT' && (match = path.match(/^\/list\/manual\/([^/]+)\/attributes$/))) {
      const list = state.lists.find((candidate) => candidate.id === match?.[1]);
      if (!list) return notFound();
      const body = request.json() as Record<string, string | null>;
      for (let n = 1; n <= 9; n += 1) {
        list[`attributeLabel${n}` as 'attributeLabel1'] = body[`AttributeLabel${n}`] || null;
      }
      return jsonAnswer(list);
    }
    if (method === 'GET' && (match = path.match(/^\/list\/manual\/([^/]+)\/imports$/))) {
      return jsonAnswer((state.imports ?? []).filter((row) => row.listId === match?.[1]));
    }
    if (method === 'GET' && (match = path.match(/^\/list\/manual\/([^/]+)\/imports\/([^/]+)$/))) {
      const found = (state.imports ?? []).find((row) => row.id === match?.[2]);
      return found ? jsonAnswer(found) : notFound();
    }
    if (method === 'GET' && (match = path.match(/^\/list\/manual\/([^/]+)\/subscribers$/))) {
      const rows = state.subscribers.filter((row) => row.listId === match?.[1]);
      return jsonAnswer({ data: rows, total: rows.length });
    }
    if (method === 'POST' && (match = path.match(/^\/list\/manual\/([^/]+)\/subscriber$/))) {
      const created = subscriber({
        ...(request.json() as Subscriber),
        id: createdId(nextId++),
        listId: match[1],
      });
      state.subscribers.push(created);
      return jsonAnswer(created, { status: 201 });
    }
    if ((match = path.match(/^\/list\/manual\/([^/]+)\/subscriber\/([^/]+)$/))) {
      const index = state.subscribers.findIndex((row) => row.id === match?.[2]);
      if (index < 0) return notFound();
      if (method === 'PUT') {
        state.subscribers[index] = { ...state.subscribers[index], ...(request.json() as Subscriber) };
        return jsonAnswer(state.subscribers[index]);
      }
      if (method === 'DELETE') {
        state.subscribers.splice(index, 1);
        return new Response(null, { status: 204 });
      }
    }
    if (method === 'GET' && path === '/unsubscribers') {
      return jsonAnswer({ data: state.unsubscribers, total: state.unsubscribers.length });
    }
    if (method === 'POST' && path === '/unsubscribers') {
      const created = {
        id: createdId(nextId++),
        email: request.query.get('email') ?? '',
        createdAt: '2025-02-01T09:00:00.000Z',
        cause: 'Afgemeld' as const,
        causeDetail: null,
        erased: false,
      };
      state.unsubscribers.unshift(created);
      return jsonAnswer(created, { status: 201 });
    }
    if (method === 'DELETE' && (match = path.match(/^\/unsubscribers\/([^/]+)$/))) {
      const index = state.unsubscribers.findIndex((row) => row.id === match?.[1]);
      if (index < 0) return notFound();
      const [removed] = state.unsubscribers.splice(index, 1);
      const body = request.json() as { reason: string; removedBy: string };
      return jsonAnswer({ ...removed, removedAt: '2025-02-02T09:00:00.000Z', ...body });
    }
    if (method === 'GET' && path === '/audiences/') {
      const rows = state.audiences.map(({ id, name, isDeleted, createdAt }) => ({
        id,
        name,
        isDeleted,
        createdAt,
      }));
      return jsonAnswer(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }
    if (method === 'POST' && path === '/audience') {
      const id = createdId(nextId++);
      const name = request.query.get('name') ?? '';
      state.audiences.push({
        id,
        name,
        isDeleted: false,
        createdAt: '2025-02-01T09:00:00.000Z',
        recipientCount: 0,
        lists: [],
      });
      return jsonAnswer(id, { status: 201 });
    }
    if ((match = path.match(/^\/audience\/([^/]+)$/))) {
      const audience = state.audiences.find((candidate) => candidate.id === match?.[1]);
      if (!audience) return notFound();
      if (method === 'GET') return jsonAnswer(audience);
      if (method === 'PUT') {
        audience.name = request.query.get('name') ?? audience.name;
        return jsonAnswer(audience);
      }
    }
    if (method === 'POST' && (match = path.match(/^\/audience\/([^/]+)\/lists\/add$/))) {
      const audience = state.audiences.find((candidate) => candidate.id === match?.[1]);
      const list = state.lists.find((candidate) => candidate.id === request.query.get('listId'));
      if (!audience || !list) return notFound();
      const entry = audienceListOf(list, createdId(nextId++));
      audience.lists.push(entry);
      audience.recipientCount += list.subscriberCount;
      return jsonAnswer(entry, { status: 201 });
    }
    if (method === 'POST' && (match = path.match(/^\/audiencelist\/([^/]+)\/filter$/))) {
      const entry = state.audiences
        .flatMap((audience) => audience.lists)
        .find((candidate) => candidate.id === match?.[1]);
      if (!entry) return notFound();
      const filter = {
        id: createdId(nextId++),
        ...(request.json() as Omit<AudienceListDetail['filters'][number], 'id'>),
      };
      entry.filters.push(filter);
      return jsonAnswer(filter, { status: 201 });
    }
    return notFound();
  });
}
