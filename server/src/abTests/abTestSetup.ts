import { eq } from 'drizzle-orm';
import { abTestLimits, abTestValueLength, variantLabel, type AbTestSetup } from '../contract/abTests';
import type { Database } from '../db/client';
import { abTests, abTestVariants, deliveryJobs } from '../db/schema';
import { badRequest } from '../errors';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The field in the messages below: with 'een', with 'een ander(e)' and with 'het/de'. */
const fieldNames = {
  subject: { a: 'een onderwerp', other: 'een ander onderwerp', the: 'Het onderwerp' },
  preheader: { a: 'een voorbeeldtekst', other: 'een andere voorbeeldtekst', the: 'De voorbeeldtekst' },
  senderName: { a: 'een afzendernaam', other: 'een andere afzendernaam', the: 'De afzendernaam' },
} as const;

/**
 * The setup with its variants trimmed, or a 400 naming the field: every variant filled in, none longer
 * than the field allows, no two the same. (Counts, share and wait are bounded by the contract.)
 */
export function checkedAbTestSetup(setup: AbTestSetup): AbTestSetup {
  const variants = setup.variants.map((value) => value.trim());
  if (variants.length < abTestLimits.minVariants || variants.length > abTestLimits.maxVariants)
    throw badRequest('abTest.variants', 'Een A/B-test heeft 2 tot 4 varianten.');
  if (setup.field === 'content') {
    // The variants are the content's: 'A' the publication's own blocks, then its content variants.
    if (variants.some((value, position) => value.toUpperCase() !== variantLabel(position)))
      throw badRequest(
        'abTest.variants',
        'Noem bij een test van de inhoud de varianten A, B, … op volgorde.',
      );
    return { ...setup, variants: variants.map((value) => value.toUpperCase()) };
  }
  const name = fieldNames[setup.field];
  variants.forEach((value, position) => {
    if (value === '')
      throw badRequest('abTest.variants', `Vul bij variant ${variantLabel(position)} ${name.a} in.`);
    if (value.length > abTestValueLength[setup.field])
      throw badRequest(
        'abTest.variants',
        `${name.the} van variant ${variantLabel(position)} is langer dan ${abTestValueLength[setup.field]} tekens.`,
      );
  });
  if (new Set(variants).size !== variants.length)
    throw badRequest('abTest.variants', `Geef elke variant ${name.other}.`);
  return { ...setup, variants };
}

/**
 * Writes the test of a parent job just created, in the caller's transaction: the test row and one planned
 * job per variant (the parent's audience, template and moment). The variant jobs are what the queue
 * sends; the parent never runs (delivery/jobStates.ts).
 */
export async function createAbTest(
  tx: Transaction,
  parent: typeof deliveryJobs.$inferSelect,
  setup: AbTestSetup,
): Promise<void> {
  const [test] = await tx
    .insert(abTests)
    .values({
      environmentId: parent.environmentId,
      parentJobId: parent.id,
      field: setup.field,
      sharePercent: setup.sharePercent,
      waitHours: setup.waitHours,
      decideBy: setup.decideBy,
    })
    .returning({ id: abTests.id });
  const estimate = Math.floor((parent.recipientCount * setup.sharePercent) / 100 / setup.variants.length);
  for (const [position, value] of setup.variants.entries()) {
    const [job] = await tx
      .insert(deliveryJobs)
      .values({
        ...jobCopy(parent),
        title: `${parent.title} — variant ${variantLabel(position)}`,
        recipientCount: estimate,
        scheduledAt: parent.scheduledAt,
      })
      .returning({ id: deliveryJobs.id });
    await tx.insert(abTestVariants).values({ testId: test.id, position, value, jobId: job.id });
  }
}

/** What a variant or remainder job takes over from its parent: what is sent, to whom, by whom. */
export function jobCopy(parent: typeof deliveryJobs.$inferSelect) {
  return {
    environmentId: parent.environmentId,
    publicationId: parent.publicationId,
    publicationTemplateId: parent.publicationTemplateId,
    audienceId: parent.audienceId,
    sendToOnlyAcceptedRsvp: parent.sendToOnlyAcceptedRsvp,
    participantGroup: parent.participantGroup,
    ignoreRsvp: parent.ignoreRsvp,
    createdBy: parent.createdBy,
    status: 'Gepland',
  };
}

/** The jobs to queue for a job just created: a test's variant jobs, or the job itself. */
export async function jobsToQueue(db: Database, jobId: string): Promise<string[]> {
  const variants = await db
    .select({ jobId: abTestVariants.jobId })
    .from(abTestVariants)
    .innerJoin(abTests, eq(abTests.id, abTestVariants.testId))
    .where(eq(abTests.parentJobId, jobId));
  return variants.length > 0 ? variants.map((variant) => variant.jobId) : [jobId];
}
