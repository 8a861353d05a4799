import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberRoleName } from '@contract/memberRoles';
import type { DeliverCheck, Publication, PublicationBlock, PublicationType } from '@contract/publications';
import { jsonAnswer, mockFetch } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative } from './support/declarativeTestApp';
import { memberOfRole } from './support/memberRole';
import { publicationDeclarations } from './support/publicationsTestApp';

// A publication's custom screens as each role sees them: the block fields save as they are typed, so
// a Lezer reads them read-only; 'Verspreiden' sends for a Verzender or Beheerder, asks approval for a
// Redacteur (the deliver check then says whether that is possible), and is not for a Lezer.

const type: PublicationType = {
  id: 'type-newsletter',
  name: 'Nieuwsbrief',
  templates: [{ id: 'template-standard', name: 'Standaard' }],
  repeatableGroups: [
    {
      type: 'artikel',
      name: 'Artikel',
      fields: [{ name: 'title', label: 'Titel', kind: 'shortText', required: true, maxLength: 120 }],
    },
  ],
};
const block: PublicationBlock = {
  id: 'b1',
  publicationId: 'publication-1',
  blockType: 'artikel',
  name: 'Artikel',
  position: 0,
  content: { title: 'Afvalkalender 2025' },
  version: 1,
  updatedAt: '2025-03-01T09:00:00.000Z',
};
const publication: Publication = {
  id: 'publication-1',
  name: 'Nieuwsbrief maart',
  subject: null,
  preheader: null,
  isNotMarketing: false,
  isPublic: false,
  senderName: null,
  publicationTypeId: type.id,
  publicationTypeName: type.name,
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedAt: '2025-03-01T09:00:00.000Z',
};
const check: DeliverCheck = {
  recipients: 3,
  blockers: [],
  warnings: [],
  approval: { required: false, minRecipients: null, approvers: [] },
};

function fakeApi(deliverCheck: DeliverCheck) {
  return mockFetch((request) => {
    const path = request.path.replace('/api/1/env-1', '');
    if (request.method === 'PUT' && path === '/publications/publication-1/blocks/b1') {
      const { content } = request.json() as Pick<PublicationBlock, 'content'>;
      return jsonAnswer({ ...block, content, version: block.version + 1 });
    }
    if (request.method !== 'GET') return jsonAnswer({ status: 403, message: 'Geweigerd' }, { status: 403 });
    if (path === '/publications/publication-1') return jsonAnswer(publication);
    if (path === '/publications/publication-1/blocks') return jsonAnswer({ data: [block], total: 1 });
    // No content variants (GET …/variants answers an array).
    if (path === '/publications/publication-1/variants') return jsonAnswer([]);
    if (path === '/publications/publication-1/blocks/b1') return jsonAnswer(block);
    if (path === '/publications/publication-1/deliver-check') return jsonAnswer(deliverCheck);
    if (path === `/publicationtypes/${type.id}`) return jsonAnswer(type);
    if (path.endsWith('/render')) return jsonAnswer({ html: '', text: '' });
    if (path === '/audiences/') return jsonAnswer([], { headers: { 'X-Total-Count': '0' } });
    if (path.startsWith('/publications')) return jsonAnswer({ data: [], total: 0 });
    return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
  });
}

async function renderAs(role: MemberRoleName, path: string, deliverCheck = check) {
  const { sent } = fakeApi(deliverCheck);
  const member = memberOfRole(role);
  renderDeclarative(publicationDeclarations, {
    path,
    authProvider: member.authProvider,
    queryClient: member.queryClient,
  });
  await member.roleKnown();
  return { sent };
}

beforeEach(() => {
  installIntersectionObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a publication's blocks as the role allows", { timeout: 60_000 }, () => {
  it("shows a Lezer a block's fields read-only, so nothing is saved", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = await renderAs('reader', '/publications/publication-1');
    await user.click(await screen.findByRole('button', { name: /Afvalkalender/ }));
    const title = await screen.findByRole('textbox', { name: /Titel/ });
    expect(title).toHaveValue('Afvalkalender 2025');
    expect(title).toHaveAttribute('readonly');
    await user.type(title, ' nieuw');
    expect(title).toHaveValue('Afvalkalender 2025');
    expect(screen.queryByRole('button', { name: 'Blok toevoegen' })).toBeNull();
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
  });

  it("lets a Redacteur type in a block's fields, and saves what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = await renderAs('editor', '/publications/publication-1');
    await user.click(await screen.findByRole('button', { name: /Afvalkalender/ }));
    const title = await screen.findByRole('textbox', { name: /Titel/ });
    expect(title).not.toHaveAttribute('readonly');
    await user.type(title, ' nieuw');
    expect(title).toHaveValue('Afvalkalender 2025 nieuw');
    // Waiting for the autosave also keeps its save from leaving after the test, into the next file's fetch.
    await screen.findByText('Opgeslagen');
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.json())).toEqual([
      { content: { title: 'Afvalkalender 2025 nieuw' }, version: 1 },
    ]);
  });
});

describe('the deliver page as the role allows', { timeout: 60_000 }, () => {
  it("shows a Lezer 'Verspreiden' disabled with the reason, and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = await renderAs('reader', '/publications/publication-1/deliver');
    const deliver = await screen.findByRole('button', { name: 'Verspreiden' });
    expect(deliver).toHaveAttribute('aria-disabled', 'true');
    expect(deliver).toHaveAccessibleDescription('Alleen een Verzender of Beheerder kan verspreiden.');
    await user.click(deliver);
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
  });

  it.each([
    ['Redacteur', 'editor'],
    ['Verzender', 'sender'],
  ] as const)("gives a %s 'Verspreiden'", async (_, role) => {
    await renderAs(role, '/publications/publication-1/deliver');
    const deliver = await screen.findByRole('button', { name: 'Verspreiden' });
    expect(deliver).not.toHaveAttribute('aria-disabled');
  });
});

describe("a publication's 'Verspreiden' as the role allows", { timeout: 60_000 }, () => {
  const approvalOn: DeliverCheck = {
    ...check,
    approval: { required: true, minRecipients: 100, approvers: ['Anne de Vries'] },
  };
  const blockedForEditor: DeliverCheck = {
    ...check,
    blockers: [
      {
        code: 'roleMayNotSend',
        message:
          "Alleen een Verzender of Beheerder kan verspreiden. Met 'Goedkeuring' aan kun je een verzending laten goedkeuren.",
      },
    ],
  };

  it('offers a Lezer no Verspreiden', async () => {
    await renderAs('reader', '/publications/publication-1');
    await screen.findByRole('button', { name: /Afvalkalender/ });
    expect(screen.queryByRole('button', { name: 'Verspreiden' })).toBeNull();
  });

  it('opens the deliver form for a Redacteur, whose send asks approval with it on', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAs('editor', '/publications/publication-1', approvalOn);
    const action = await screen.findByRole('button', { name: 'Verspreiden' });
    expect(action).not.toHaveAttribute('aria-disabled');
    await user.click(action);
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });
    const submit = await within(panel).findByRole('button', { name: 'Verspreiden' });
    expect(submit).not.toHaveAttribute('aria-disabled');
  });

  it("shows a Redacteur the deliver check's blocker and no submit with approval off", async () => {
    const user = userEvent.setup({ delay: null });
    await renderAs('editor', '/publications/publication-1', blockedForEditor);
    await user.click(await screen.findByRole('button', { name: 'Verspreiden' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwsbrief maart verspreiden' });
    expect(await within(panel).findByText(/Met 'Goedkeuring' aan kun je/)).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Verspreiden' })).toBeNull();
  });

  it("shows a Redacteur on the deliver page the deliver check's blocker and no submit with approval off", async () => {
    await renderAs('editor', '/publications/publication-1/deliver', blockedForEditor);
    expect(await screen.findByText(/Met 'Goedkeuring' aan kun je/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verspreiden' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Annuleren' })).toBeVisible();
  });
});
