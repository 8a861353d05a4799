import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicationMeasuring } from '@contract/analytics';
import { openSlideOver } from '../../src/slideover/events';
import { emptyAnswer, jsonAnswer, mockFetch } from './support/fetchEdge';
import { renderPublications } from './support/publicationsTestApp';

const publicationId = 'publication-1';
const measuring: PublicationMeasuring = {
  own: null,
  legalBasis: null,
  environmentMode: 'Per persoon gepseudonimiseerd',
  mode: 'Per persoon gepseudonimiseerd',
};

function openMeasuring(record: PublicationMeasuring = measuring) {
  act(() => openSlideOver('publications.measuring', { record: { ...record, id: publicationId } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the publication's own 'Meten', a declared form", { timeout: 60_000 }, () => {
  it('offers to follow the environment or a stricter mode, never a wider one', async () => {
    mockFetch(() => jsonAnswer({}));
    renderPublications();
    openMeasuring();
    const panel = await screen.findByRole('dialog', { name: 'Meten voor deze publicatie' });

    const radios = within(panel).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Zoals de omgeving',
      'Uit',
      'Alleen totalen',
      'Per persoon gepseudonimiseerd',
    ]);
    expect(within(panel).getByRole('radio', { name: 'Zoals de omgeving' })).toBeChecked();
    expect(
      within(panel).getByText(/zuiniger meten dan de omgeving \(Per persoon gepseudonimiseerd\)/),
    ).toBeInTheDocument();
  });

  it("saves a stricter mode, and asks the legal basis for 'Per persoon' before it sends anything", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch(() => emptyAnswer());
    renderPublications();
    openMeasuring({ ...measuring, environmentMode: 'Per persoon', mode: 'Per persoon' });
    const panel = await screen.findByRole('dialog', { name: 'Meten voor deze publicatie' });

    await user.click(within(panel).getByRole('radio', { name: 'Per persoon' }));
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(panel).findByText("Leg bij 'Per persoon' de rechtsgrond vast (Rechtsgrond)."),
    ).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.click(within(panel).getByRole('radio', { name: 'Alleen totalen' }));
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Meten voor deze publicatie' })).not.toBeInTheDocument(),
    );
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/api/1/env-1/publications/${publicationId}/measuring`);
    expect(put?.json()).toEqual({ mode: 'Alleen totalen', legalBasis: null });
    expect(await screen.findByText('De meetstand is opgeslagen.')).toBeInTheDocument();
  });
});
