import { describe, expect, it } from 'vitest';
import type { DeliveryJob } from '@contract/publications';
import { isLive, jobProgress } from '../../src/custom/publications/jobProgress';
import { deliveryJobData } from '../../src/custom/publications/deliveryJobData';

const job = (overrides: Partial<DeliveryJob>): DeliveryJob => ({
  id: 'j',
  publicationId: 'p',
  publicationName: 'Nieuwsbrief',
  title: 'Verspreiden van Nieuwsbrief',
  publicationTemplateId: 't',
  publicationTemplateName: 'Standaard',
  audienceId: 'a',
  audienceName: 'Iedereen',
  ignoreRsvp: false,
  SendToOnlyAcceptedRsvp: false,
  participantGroup: null,
  recipientCount: 1000,
  status: 'Bezig',
  failureReason: null,
  scheduledAt: '2026-03-01T09:00:00.000Z',
  startedAt: '2026-03-01T09:00:00.000Z',
  finishedAt: null,
  sentCount: 0,
  failedCount: 0,
  skippedCount: 0,
  createdAt: '2026-03-01T08:59:00.000Z',
  createdBy: 'Anne',
  approvedBy: null,
  approvedAt: null,
  abTestId: null,
  ...overrides,
});

describe('job progress', () => {
  it('counts sent and failed as handled and derives the pace and the time left', () => {
    const progress = jobProgress(
      job({ sentCount: 390, failedCount: 10 }),
      Date.parse('2026-03-01T09:00:04Z'),
    );
    expect(progress).toEqual({ handled: 400, total: 1000, percent: 40, perSecond: 100, secondsLeft: 6 });
  });

  it('has no pace before the first message, and is complete for a finished job without recipients', () => {
    expect(jobProgress(job({ startedAt: null, status: 'Gepland' }))).toEqual({
      handled: 0,
      total: 1000,
      percent: 0,
    });
    expect(jobProgress(job({ recipientCount: 0, status: 'Verzonden' })).percent).toBe(100);
  });

  it('refreshes running jobs and planned jobs whose moment has come', () => {
    const now = Date.parse('2026-03-01T09:00:00Z');
    const statuses = ['Gepland', 'Bezig', 'Verzonden', 'Mislukt', 'Geannuleerd'] as const;
    const due = '2026-03-01T08:59:00Z';
    expect(statuses.filter((status) => isLive({ status, scheduledAt: due }, now))).toEqual([
      'Gepland',
      'Bezig',
    ]);
    expect(isLive({ status: 'Gepland', scheduledAt: '2026-03-02T09:00:00Z' }, now)).toBe(false);
  });
});

describe('deliver form data', () => {
  it('sends a chosen moment as scheduledAt, and none when left empty', () => {
    const values = { publicationTemplateId: 't', audienceId: 'a', ignoreRsvp: false };
    expect(deliveryJobData('p', 'Titel', values)).not.toHaveProperty('scheduledAt');
    expect(
      deliveryJobData('p', 'Titel', { ...values, scheduledAt: '2026-03-02T10:30:00.000Z' }).scheduledAt,
    ).toBe('2026-03-02T10:30:00.000Z');
  });
});
