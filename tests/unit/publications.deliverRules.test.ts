import { describe, expect, it } from 'vitest';
import { senderName } from '../../src/custom/publications/senderName';
import { validateFutureMoment } from '../../src/custom/publications/futureMoment';
import { deliveredMessage } from '../../src/custom/publications/useDeliverPublication';
import { needsConfirmation, validateConfirmation } from '../../src/custom/publications/deliverConfirmation';

describe('what the deliver panel and the preview tell', () => {
  it("names the sender as an inbox does: the From header's name, else its address", () => {
    expect(senderName('Gemeente Zuiderveen <nieuws@zuiderveen.nl>')).toBe('Gemeente Zuiderveen');
    expect(senderName('"Zuiderveen, gemeente" <nieuws@zuiderveen.nl>')).toBe('Zuiderveen, gemeente');
    expect(senderName('<nieuws@zuiderveen.nl>')).toBe('nieuws@zuiderveen.nl');
    expect(senderName('nieuws@zuiderveen.nl')).toBe('nieuws@zuiderveen.nl');
  });

  it('refuses a moment more than a minute past, accepts now, later and empty', () => {
    const now = new Date('2026-03-01T10:00:30');
    expect(validateFutureMoment('2026-03-01T09:58', undefined, undefined, now)).toBe(
      'app.deliver.future_required',
    );
    expect(validateFutureMoment('2026-03-01T10:00', undefined, undefined, now)).toBeUndefined();
    expect(validateFutureMoment('2026-03-02T08:00', undefined, undefined, now)).toBeUndefined();
    expect(validateFutureMoment('', undefined, undefined, now)).toBeUndefined();
    expect(validateFutureMoment(null, undefined, undefined, now)).toBeUndefined();
  });

  it("says 'sending now' for a job whose moment is its creation, and names the moment of a planned one", () => {
    const createdAt = '2026-03-01T09:00:00.000Z';
    expect(deliveredMessage({ createdAt, scheduledAt: createdAt })).toEqual({
      message: 'app.deliver.sending_now',
    });
    const planned = deliveredMessage({ createdAt, scheduledAt: '2026-03-02T09:30:00.000Z' });
    expect(planned.message).toBe('app.deliver.planned_for');
    expect(planned.args?.moment).toMatch(/2 mrt 2026/);
  });

  it('asks to type the count only above 100 recipients, and accepts exactly the count', () => {
    expect(needsConfirmation(100)).toBe(false);
    expect(needsConfirmation(101)).toBe(true);
    const validate = validateConfirmation(101);
    expect(validate(' 101 ')).toBeUndefined();
    expect(validate('100')).toEqual({ message: 'app.deliver.confirm.mismatch', args: { count: 101 } });
    expect(validate('')).toBeDefined();
  });
});
