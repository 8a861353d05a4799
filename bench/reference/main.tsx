// The floor for a react-admin console (bench/rows.ts): react-admin 5 + MUI 7 + MSAL and nothing else.
// MSAL is created, initialised and asked for a redirect answer at start, as any MSAL app does; the
// session counts as signed in (no token is fetched); the data provider answers from memory, so the
// table's 250 rows cost no network. A list of subscribers with the console's columns, 250 a page.
import { PublicClientApplication } from '@azure/msal-browser';
import { createRoot } from 'react-dom/client';
import {
  Admin,
  BooleanField,
  DataTable,
  EmailField,
  List,
  Resource,
  type DataProvider,
  type GetListParams,
} from 'react-admin';
import { BrowserRouter } from 'react-router-dom';

const msal = new PublicClientApplication({
  auth: {
    clientId: 'reference-app',
    authority: `${window.location.origin}/oidc`,
    knownAuthorities: [window.location.host],
    protocolMode: 'OIDC',
    redirectUri: `${window.location.origin}/`,
  },
  // Where the console keeps its session (src/authProvider/msalConfiguration.ts), read alike at start.
  cache: { cacheLocation: 'localStorage' },
});

interface Row {
  id: string;
  name: string;
  email: string;
  city: string;
  isOrganization: boolean;
}

const cities = ['Zuiderveen', 'Noordhaven', 'Oostdorp', 'Westerbroek'];
const rows: Row[] = Array.from({ length: 1000 }, (_, index) => ({
  id: `s${index}`,
  name: `Ontvanger ${String(index).padStart(4, '0')}`,
  email: `ontvanger${index}@voorbeeld.nl`,
  city: cities[index % cities.length],
  isOrganization: index % 7 === 0,
}));

const dataProvider = {
  async getList(_resource: string, { pagination = { page: 1, perPage: 250 }, sort }: GetListParams) {
    const field = (sort?.field ?? 'name') as keyof Row;
    const direction = sort?.order === 'DESC' ? -1 : 1;
    const sorted = [...rows].sort((a, b) =>
      a[field] < b[field] ? -direction : a[field] > b[field] ? direction : 0,
    );
    const start = (pagination.page - 1) * pagination.perPage;
    return { data: sorted.slice(start, start + pagination.perPage), total: rows.length };
  },
} as unknown as DataProvider;

const authProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
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
    </DataTable>
  </List>
);

await msal.initialize();
await msal.handleRedirectPromise();

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Admin dataProvider={dataProvider} authProvider={authProvider} requireAuth disableTelemetry>
      <Resource name="subscribers" list={SubscriberList} />
    </Admin>
  </BrowserRouter>,
);
