import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { renderDeclarative, testEnvironmentId, testToken } from './support/declarativeTestApp';
import { emptyAnswer, jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { installXhrOverFetch } from './support/xhrOverFetch';

/**
 * The proof that a file upload and a confirmed action need declarations only: a brand-new resource,
 * declared here and nowhere else (no edit of src/), driven in the DOM through the real dataProvider
 * and HTTP layer down to `fetch`. A report gets attachments and can be archived (after a question),
 * from its page or from its row in the table.
 */
interface Report {
  id: string;
  title: string;
  attachmentCount: number;
  archived: boolean;
}

// Named apart from the declaration, the action's name keeps its literal type: it is checked there.
const archive = {
  action: 'archive' as const,
  confirm: {
    title: '%{name} archiveren',
    content: 'Een gearchiveerd rapport kan niet meer worden gewijzigd.',
    confirmLabel: 'Archiveren',
  },
  successMessage: '%{name} gearchiveerd',
};

const reports = defineResource<Report>()({
  name: 'reports',
  label: { one: 'Rapport', many: 'Rapporten' },
  recordRepresentation: 'title',
  api: {
    getList: { method: 'GET', path: '/reports/' },
    getOne: { method: 'GET', path: '/reports/{id}' },
    actions: {
      attach: { method: 'POST', path: '/reports/{id}/attachments' },
      archive: { method: 'POST', path: '/reports/{id}/archive' },
    },
  },
  fields: [
    { source: 'title', label: 'Titel', kind: 'text' },
    { source: 'archived', label: 'Gearchiveerd', kind: 'boolean' },
  ],
  views: {
    list: {
      title: 'Rapporten',
      columns: ['title', 'archived'],
      search: false,
      rowClick: 'show',
      rowActions: [{ label: 'Archiveren', when: (report) => !report.archived, run: archive }],
    },
    show: {
      notFound: 'Dit rapport bestaat niet (meer).',
      summary: [{ label: 'Bijlagen: %{count}', values: (report) => ({ count: report.attachmentCount }) }],
      flags: [{ label: 'Gearchiveerd', when: (report) => report.archived }],
      actions: [
        { label: 'Bijlage toevoegen', upload: { action: 'attach', successMessage: '%{name} toegevoegd' } },
        { label: 'Archiveren', when: (report) => !report.archived, run: archive },
      ],
    },
  },
  routes: { list: '/reports/', show: '/reports/:id' },
});

let report: Report;
let refuseArchive: string | undefined;

function server(request: SentRequest) {
  if (request.method === 'GET' && request.path === `/api/1/${testEnvironmentId}/reports/`)
    return jsonAnswer([report]);
  if (request.method === 'GET' && request.path === `/api/1/${testEnvironmentId}/reports/r1`)
    return jsonAnswer(report);
  if (request.method === 'POST' && request.path === `/api/1/${testEnvironmentId}/reports/r1/attachments`) {
    report = { ...report, attachmentCount: report.attachmentCount + 1 };
    return jsonAnswer({ id: 'a1' });
  }
  if (request.method === 'POST' && request.path === `/api/1/${testEnvironmentId}/reports/r1/archive`) {
    if (refuseArchive) return jsonAnswer({ status: 409, message: refuseArchive }, { status: 409 });
    report = { ...report, archived: true };
    return emptyAnswer();
  }
  return jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 });
}

beforeEach(() => {
  report = { id: 'r1', title: 'Jaarverslag', attachmentCount: 0, archived: false };
  refuseArchive = undefined;
  installXhrOverFetch();
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('declared upload and confirmed actions', { timeout: 60_000 }, () => {
  it('uploads the picked file to the declared action, with the token, and reads the record again', async () => {
    const { sent } = mockFetch(server);
    const user = userEvent.setup();
    renderDeclarative([reports], { path: '/reports/r1' });
    expect(await screen.findByText('Bijlagen: 0')).toBeInTheDocument();

    const file = new File(['a;b\n1;2\n'], 'cijfers.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Bijlage toevoegen'), file);

    expect(await screen.findByText('cijfers.csv toegevoegd')).toBeInTheDocument();
    expect(await screen.findByText('Bijlagen: 1')).toBeInTheDocument();
    const upload = sent.find((request) => request.path.endsWith('/attachments'));
    expect(upload?.method).toBe('POST');
    expect(upload?.headers.get('Authorization')).toBe(`Bearer ${testToken}`);
    expect(upload?.headers.get('X-Environment-Id')).toBe(testEnvironmentId);
    expect((upload?.body as FormData).get('file')).toMatchObject({ name: 'cijfers.csv' });
  });

  it('asks before it runs the action, runs it once on confirmation and shows the new state', async () => {
    const { sent } = mockFetch(server);
    const user = userEvent.setup();
    renderDeclarative([reports], { path: '/reports/r1' });

    await user.click(await screen.findByRole('button', { name: 'Archiveren' }));
    let question = await screen.findByRole('dialog', { name: 'Jaarverslag archiveren' });
    await user.click(within(question).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((request) => request.path.endsWith('/archive'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archiveren' }));
    question = await screen.findByRole('dialog', { name: 'Jaarverslag archiveren' });
    expect(within(question).getByText(/kan niet meer worden gewijzigd/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Archiveren' }));

    expect(await screen.findByText('Jaarverslag gearchiveerd')).toBeInTheDocument();
    expect(await screen.findByText('Gearchiveerd')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Archiveren' })).toBeNull();
    expect(sent.filter((request) => request.path.endsWith('/archive'))).toHaveLength(1);
  });

  it("shows the server's refusal of a confirmed action and keeps the record as it was", async () => {
    refuseArchive = 'Een rapport met open punten kan niet worden gearchiveerd.';
    mockFetch(server);
    const user = userEvent.setup();
    renderDeclarative([reports], { path: '/reports/r1' });

    await user.click(await screen.findByRole('button', { name: 'Archiveren' }));
    const question = await screen.findByRole('dialog', { name: 'Jaarverslag archiveren' });
    await user.click(within(question).getByRole('button', { name: 'Archiveren' }));

    expect(await screen.findByText(refuseArchive)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archiveren' })).toBeInTheDocument();
    expect(screen.queryByText('Gearchiveerd')).toBeNull();
  });

  it("runs a row's confirmed action once, without opening the row, and shows the row's new state", async () => {
    const { sent } = mockFetch(server);
    const user = userEvent.setup();
    renderDeclarative([reports], { path: '/reports/' });
    const row = (await screen.findByText('Jaarverslag')).closest('tr') as HTMLElement;

    await user.click(within(row).getByRole('button', { name: 'Archiveren' }));
    let question = await screen.findByRole('dialog', { name: 'Jaarverslag archiveren' });
    await user.click(within(question).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((request) => request.path.endsWith('/archive'))).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Archiveren' }));
    question = await screen.findByRole('dialog', { name: 'Jaarverslag archiveren' });
    await user.click(within(question).getByRole('button', { name: 'Archiveren' }));

    expect(await screen.findByText('Jaarverslag gearchiveerd')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Archiveren' })).toBeNull());
    expect(sent.filter((request) => request.path.endsWith('/archive'))).toHaveLength(1);
    // Still the table: neither the button nor its confirmation opened the report's page.
    expect(screen.getByText('Jaarverslag')).toBeInTheDocument();
    expect(screen.queryByText('Bijlagen: 0')).toBeNull();
  });
});
