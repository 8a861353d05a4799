import {
  abTestLimits,
  variantLabel,
  type AbTestDecision,
  type AbTestField,
  type AbTestSetup,
} from '@contract/abTests';

/** What the deliver form holds of an A/B test (`abTest.*`); only `variantCount` variants are sent. */
export interface AbTestFormValues {
  enabled?: boolean;
  field?: AbTestField;
  variantCount?: number;
  variants?: string[];
  sharePercent?: number;
  waitHours?: number;
  decideBy?: AbTestDecision;
}

export const abTestDefaults: Required<AbTestFormValues> = {
  enabled: false,
  field: 'subject',
  variantCount: abTestLimits.minVariants,
  variants: Array.from({ length: abTestLimits.maxVariants }, () => ''),
  sharePercent: 20,
  waitHours: 4,
  decideBy: 'clicks',
};

/** The form's sources the server's 400s name (`abTest.variants`, `abTest.waitHours`, …). */
export const abTestSources = [
  'abTest.field',
  'abTest.variants',
  'abTest.sharePercent',
  'abTest.waitHours',
  'abTest.decideBy',
];

/** The `abTest` of POST /deliveryjobs, or undefined when the test is off. */
export function abTestSetup(values: AbTestFormValues | undefined): AbTestSetup | undefined {
  if (!values?.enabled) return undefined;
  const count = values.variantCount ?? abTestDefaults.variantCount;
  const field = values.field ?? abTestDefaults.field;
  return {
    field,
    // A test of content names its variants: 'A' the publication's own blocks, then its content variants.
    variants:
      field === 'content'
        ? Array.from({ length: count }, (_, position) => variantLabel(position))
        : (values.variants ?? []).slice(0, count).map((value) => value ?? ''),
    sharePercent: values.sharePercent ?? abTestDefaults.sharePercent,
    waitHours: values.waitHours ?? abTestDefaults.waitHours,
    decideBy: values.decideBy ?? abTestDefaults.decideBy,
  };
}

/**
 * Recipients of each variant and of the rest, as the server splits them (abTests/testResolution.ts);
 * undefined while the share is not one the server takes (empty, text, a fraction, out of range), whose
 * field says why: no 'NaN ontvangers' beside it.
 */
export function abTestSplit(recipients: number, sharePercent: unknown, variants: number) {
  if (
    typeof sharePercent !== 'number' ||
    !Number.isInteger(sharePercent) ||
    sharePercent < abTestLimits.minSharePercent ||
    sharePercent > abTestLimits.maxSharePercent
  )
    return undefined;
  const perVariant =
    recipients >= variants
      ? Math.max(1, Math.floor(Math.round((recipients * sharePercent) / 100) / variants))
      : 0;
  return { perVariant, test: perVariant * variants, rest: recipients - perVariant * variants };
}
