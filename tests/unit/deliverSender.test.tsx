import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { Publication, PublicationType } from '@contract/publications';
import type { SenderSettings } from '@contract/sending';
import { openSlideOver } from '../../src/slideover/events';
import { renderPublications } from './support/publicationsTestApp';
import { jsonAnswer, mockFetch } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';

// The deliver panel names who the messages will come from (the publication's own sender name first) and
// shows why they cannot be sent while the sender's domain is not verified.

const type: PublicationType = {
  id: 'type-newsletter',
  name: 'Nieuwsbrief',
  templates: [{ id: 'template-standard', name: 'Standaard' }],
  repeatableGroups: [],
};

const publication: Publication = {
  id: 'publication-1',
  name: 'Nieuwsbrief maart',
  isNotMarketing: false,
  isPublic: false,
  senderName: null,
  subject: null,
  preheader: null,
  publicationTypeId: type.id,
  publicationTypeName: type.name,
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedAt: '2025-03-01T09:00:00.000Z',
};

const sender: SenderSettings = {
  id: 'sender',
  senderName: 'Gemeente Zuiderveen',
  senderAddress: 'nieuwsbrief@zuiderveen.nl',
  replyToAddress: null,
  from: 'Gemeente Zuiderveen <nieuwsbrief@zuiderveen.nl>',
  domain: null,
  readiness: null,
  catcher: false,
};

function fakeApi(answer: SenderSettings) {
  return mockFetch((request) => {
    const path = request.path.replace('/api/1/env-1', '');
    if (request.method === 'GET' && path === '/sender') return jsonAnswer(answer);
    if (request.method === 'GET' && path === `/publicationtypes/${type.id}`) return jsonAnswer(type);
    if (request.method === 'GET' && path === '/audiences/')
      return jsonAnswer([], { headers: { 'X-Total-Count': '0' } });
    return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
  });
}

async function openDeliver(record: Publication) {
  renderPublications();
  act(() => openSlideOver('deliverPublication', { record }));
  return screen.findByRole('dialog', { name: `${record.name} verspreiden` });
}

beforeEach(() => installIntersectionObserver());
afterEach(() => vi.unstubAllGlobals());

describe('the sender in the deliver panel', { timeout: 60_000 }, () => {
  it("names the environment's sender", async () => {
    fakeApi(sender);
    const panel = await openDeliver(publication);
    expect(
      await within(panel).findByText('Afzender: Gemeente Zuiderveen <nieuwsbrief@zuiderveen.nl>'),
    ).toBeInTheDocument();
  });

  it("puts the publication's own sender name before the environment's address", async () => {
    fakeApi(sender);
    const panel = await openDeliver({ ...publication, senderName: 'Wethouder Jansen' });
    expect(
      await within(panel).findByText('Afzender: Wethouder Jansen <nieuwsbrief@zuiderveen.nl>'),
    ).toBeInTheDocument();
  });
});
