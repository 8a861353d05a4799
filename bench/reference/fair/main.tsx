// The fair reference of `npm run bench:rows` (bench/rows.ts): the bare react-admin 5 + MUI 7 app a team
// would write for the same job. Served by the same server as the console (at /bench-reference/), it signs
// in through MSAL against the same provider with the same client and scopes, so it finds the console's
// session and asks MSAL for the same token; a fetch data provider of a few lines reads the same 250-row
// page of the same list over HTTPS; the table has the console's 7 columns with react-admin's stock fields
// (name, e-mail, city, organisation, the list's two labels, delete). The environment and list come from the
// address: /bench-reference/?environment=…&list=…#/subscribers.
import { PublicClientApplication } from '@azure/msal-browser';
import { createRoot } from 'react-dom/client';
import {
  Admin,
  BooleanField,
  DataTable,
  DeleteButton,
  EmailField,
  List,
  Resource,
  type DataProvider,
  type GetListParams,
} from 'react-admin';

const params = new URLSearchParams(window.location.search);
const environment = params.get('environment') ?? '';
const list = params.get('list') ?? '';

const info = (await (await fetch('/api/1/environment/info')).json()) as {
  clientId: string;
  authority: string;
  apiScope: string;
  extraScopes?: string[];
};
performance.mark('fair: environment info');
const scopes = [info.apiScope, ...(info.extraScopes ?? ['User.Read'])];
const msal = new PublicClientApplication({
  auth: {
    clientId: info.clientId,
    authority: info.authority,
    knownAuthorities: [new URL(info.authority).host],
    protocolMode: 'OIDC',
    redirectUri: '/',
  },
  // Where the console keeps its session (src/authProvider/msalConfiguration.ts): the one it signed in.
  cache: { cacheLocation: 'localStorage' },
});
await msal.initialize();
await msal.handleRedirectPromise();
performance.mark('fair: MSAL ready');

async function token(): Promise<string> {
  const account = msal.getAllAccounts()[0];
  if (!account) throw new Error('not signed in');
  return (await msal.acquireTokenSilent({ account, scopes })).accessToken;
}

const dataProvider = {
  async getList(_resource: string, { pagination, sort }: GetListParams) {
    const { page, perPage } = pagination ?? { page: 1, perPage: 250 };
    const query = new URLSearchParams({
      offset: String((page - 1) * perPage),
      limit: String(perPage),
      ...(sort?.field && { sort: sort.field, order: sort.order }),
    });
    const authorization = `Bearer ${await token()}`;
    performance.mark('fair: token');
    const response = await fetch(`/api/1/${environment}/list/manual/${list}/subscribers?${query}`, {
      headers: {
        authorization,
        'x-environment-id': environment,
        accept: 'application/json',
      },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const answer: unknown = await response.json();
    performance.mark('fair: data');
    return answer;
  },
} as unknown as DataProvider;

const authProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => (msal.getAllAccounts().length > 0 ? undefined : Promise.reject(new Error())),
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

const SubscriberList = () => (
  <List perPage={250} sort={{ field: 'name', order: 'ASC' }}>
    <DataTable bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="email" field={EmailField} />
      <DataTable.Col source="city" />
      <DataTable.Col source="isOrganization" field={BooleanField} disableSort />
      <DataTable.Col source="attribute1" label="Wijk" />
      <DataTable.Col source="attribute2" label="Lid sinds" />
      <DataTable.Col>
        <DeleteButton />
      </DataTable.Col>
    </DataTable>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} authProvider={authProvider} requireAuth disableTelemetry>
    <Resource name="subscribers" list={SubscriberList} edit={() => null} />
  </Admin>,
);
