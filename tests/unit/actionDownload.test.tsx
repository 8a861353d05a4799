import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { useActionDownload } from '../../src/declarative/useActionDownload';
import { createTestDataProvider, testEnvironmentId, testToken } from './support/declarativeTestApp';
import { jsonAnswer, mockFetch } from './support/fetchEdge';

const lists = defineResource<{ id: string; title: string }>({
  name: 'lists',
  label: { one: 'Lijst', many: 'Lijsten' },
  api: { actions: { export: { method: 'GET', path: '/list/manual/{id}/export' } } },
  fields: [{ source: 'title', label: 'Titel', kind: 'text' }],
  views: {},
});

function ExportButton() {
  const { busy, download } = useActionDownload('lists');
  return (
    <button disabled={busy} onClick={() => void download('export', { id: 'lijst 1' }, 'Bewoners.csv')}>
      Exporteren
    </button>
  );
}

function renderButton() {
  return render(
    <AdminContext dataProvider={createTestDataProvider([lists])} store={memoryStore()}>
      <ExportButton />
      <Notification />
    </AdminContext>,
  );
}

/** The links the browser was asked to follow (jsdom does not navigate; the click is what counts). */
function followedLinks() {
  const links: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return links;
}

const exportPath = `/api/1/${testEnvironmentId}/list/manual/lijst%201/export`;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useActionDownload: the browser saves the file by following a ticketed link', () => {
  it('asks a ticket for the exact path with the bearer token, then has the browser follow the link', async () => {
    const { sent } = mockFetch(() =>
      jsonAnswer({
        ticket: 'v1.abc.def',
        url: `${exportPath}?ticket=v1.abc.def`,
        expiresAt: '2026-11-24T12:01:00.000Z',
      }),
    );
    const links = followedLinks();
    renderButton();

    fireEvent.click(screen.getByRole('button', { name: 'Exporteren' }));

    await waitFor(() => expect(links).toHaveLength(1));
    expect(links[0]).toEqual({ href: `${exportPath}?ticket=v1.abc.def`, download: 'Bewoners.csv' });
    // One call, the ticket: the file itself never passes through the page.
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].path).toBe(`/api/1/${testEnvironmentId}/download-ticket`);
    expect(sent[0].json()).toEqual({ path: exportPath });
    expect(sent[0].headers.get('Authorization')).toBe(`Bearer ${testToken}`);
    expect(sent[0].headers.get('X-Environment-Id')).toBe(testEnvironmentId);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("shows the server's message and follows nothing when no ticket is given", async () => {
    mockFetch(() =>
      jsonAnswer(
        { status: 400, message: 'Dit pad is geen download in deze omgeving.', field: 'path' },
        { status: 400 },
      ),
    );
    const links = followedLinks();
    renderButton();

    fireEvent.click(screen.getByRole('button', { name: 'Exporteren' }));

    expect(await screen.findByText('Dit pad is geen download in deze omgeving.')).toBeTruthy();
    expect(links).toEqual([]);
    expect(screen.getByRole('button', { name: 'Exporteren' }).hasAttribute('disabled')).toBe(false);
  });
});
