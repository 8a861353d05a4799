import { describe, expect, it } from 'vitest';
import { abTestDefaults, abTestSetup, abTestSplit } from '../../src/custom/abTests/abTestForm';
import { deliveryJobData } from '../../src/custom/publications/deliveryJobData';
import { deliverCheckChoice } from '../../src/custom/publications/useDeliverCheck';
import { variantSize } from '../../server/src/abTests/testResolution';

describe('the deliver form’s A/B test', () => {
  it('sends no test while it is off, and only the chosen number of variants when on', () => {
    const values = { publicationTemplateId: 't', audienceId: 'a' };
    expect(deliveryJobData('p', 'Titel', { ...values, abTest: abTestDefaults })).not.toHaveProperty('abTest');
    const on = {
      ...abTestDefaults,
      enabled: true,
      variantCount: 3,
      variants: ['Een', 'Twee', 'Drie', 'Vier'],
      decideBy: 'humanOpens' as const,
    };
    expect(deliveryJobData('p', 'Titel', { ...values, abTest: on }).abTest).toEqual({
      field: 'subject',
      variants: ['Een', 'Twee', 'Drie'],
      sharePercent: 20,
      waitHours: 4,
      decideBy: 'humanOpens',
    });
    expect(abTestSetup(undefined)).toBeUndefined();
  });

  it('names the variants of a test of content by their letters, and has the checks run for each', () => {
    const content = { ...abTestDefaults, enabled: true, field: 'content' as const, variantCount: 3 };
    expect(abTestSetup(content)?.variants).toEqual(['A', 'B', 'C']);
    expect(deliverCheckChoice('a', 't', content).contentVariants).toBe(3);
    expect(deliverCheckChoice('a', 't', { ...content, field: 'subject' }).contentVariants).toBeUndefined();
    expect(deliverCheckChoice('a', 't', { ...content, enabled: false }).contentVariants).toBeUndefined();
  });

  it('shows the split the server makes', () => {
    for (const [recipients, share, variants] of [
      [1000, 20, 2],
      [3, 50, 2],
      [10, 20, 4],
      [1, 50, 2],
      [7, 100, 3],
    ]) {
      const split = abTestSplit(recipients, share, variants)!;
      expect(split.perVariant).toBe(variantSize(recipients, share, variants));
      expect(split.test + split.rest).toBe(recipients);
    }
    expect(abTestSplit(1000, 20, 2)).toEqual({ perVariant: 100, test: 200, rest: 800 });
  });

  it('shows no split for a share the server refuses (the field says why), never NaN', () => {
    for (const share of [undefined, null, '', 'abc', Number.NaN, 0, -5, 1, 1.5, 101])
      expect(abTestSplit(37, share, 2)).toBeUndefined();
    expect(abTestSplit(37, 2, 2)).toEqual({ perVariant: 1, test: 2, rest: 35 });
    expect(abTestSplit(37, 100, 2)).toEqual({ perVariant: 18, test: 36, rest: 1 });
  });
});
