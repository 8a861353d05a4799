import { and, asc, eq, inArray } from 'drizzle-orm';
import { variantLabel } from '../contract/abTests';
import { gmailClipBytes } from '../contract/mailLimits';
import type {
  BlockContent,
  DeliverCheck,
  DeliverCheckFinding,
  FieldDefinition,
  ImageValue,
  LinkValue,
  ParticipantGroup,
} from '../contract/publications';
import type { Database } from '../db/client';
import {
  deliveryJobs,
  publicationBlocks,
  publicationRepeatableGroups,
  publicationTemplates,
  publicationVariants,
  publications,
} from '../db/schema';
import { badRequest, notFound, type ApiError } from '../errors';
import { countEmptyMergeValues, countRecipientsToSend } from '../delivery/recipientResolution';
import { recipientMergeFieldLabels, recipientMergeFields } from '../contract/mergeFields';
import { mergeFieldsWithoutFallback } from '../rendering/mergeFields';
import type { CdnLocation } from '../rendering/imageUrl';
import type { RenderedMail } from '../rendering/renderPublication';
import { blocksOfVariant } from './blocks';
import { renderPublicationForDelivery } from './publicationRendering';
import { senderReadiness } from '../sending/senderReadiness';
import { hasInvitees } from '../rsvp/invitees';

// The checks before a publication is sent (the deliver panel shows them live; POST /deliveryjobs refuses
// while a blocker holds). Each check is a small function of what is about to be sent; adding one is one
// line in `blockerChecks` or `warningChecks`.

/** What the deliver form has chosen so far; null for what is not chosen yet. */
export interface DeliverChoice {
  audienceId: string | null;
  templateId: string | null;
  /** One of the 'Deelnemers - …' options instead of an audience. */
  participantGroup: ParticipantGroup | null;
  /** The variants of an A/B test of content (2 to 4); 1, or absent, without one. */
  contentVariants?: number;
}

interface CheckedBlock {
  /** 1-based, as the console numbers blocks. */
  number: number;
  groupName: string;
  fields: readonly FieldDefinition[];
  content: BlockContent;
}

/** What every check looks at, read once per request; the rendered mail only when a check asks for it. */
export interface CheckSubject {
  db: Database;
  environmentId: string;
  /** Whether mail goes to the embedded development catcher, which accepts any sender. */
  catcher: boolean;
  choice: DeliverChoice;
  publication: { id: string; name: string; subject: string | null; publicationTypeId: string };
  blocks: readonly CheckedBlock[];
  /** The message through the chosen template; undefined without a template (or when it is gone). */
  rendered(): Promise<RenderedMail | undefined>;
  /**
   * With an A/B test of content, each variant's subject ('A' this one; undefined for a variant the
   * publication does not have): the checks of the content run for each. Empty without such a test.
   */
  variants: ReadonlyArray<{ label: string; subject: CheckSubject | undefined }>;
}

type Check = (subject: CheckSubject) => Promise<DeliverCheckFinding[]> | DeliverCheckFinding[];

const blockLabel = (block: CheckedBlock) => `Blok ${block.number} (${block.groupName})`;

// ---- Blockers: POST /deliveryjobs refuses while one holds (400 naming the finding's field) ----------

const noBlocks: Check = ({ blocks }) =>
  blocks.length === 0
    ? [
        {
          code: 'noBlocks',
          field: 'publicationId',
          message: 'Deze publicatie heeft nog geen blokken: er is niets om te versturen.',
        },
      ]
    : [];

/** Whether a field's stored value is there: text with content, an image with a file, a link with an address. */
function hasValue(field: FieldDefinition, value: BlockContent[string] | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.replace(/<[^>]*>/g, '').trim() !== '';
  if (field.kind === 'image') return Boolean((value as ImageValue).fileId);
  if (field.kind === 'link') return Boolean((value as LinkValue).url?.trim());
  return true;
}

const requiredFieldEmpty: Check = ({ blocks }) =>
  blocks.flatMap((block) =>
    block.fields
      .filter((field) => field.required && !hasValue(field, block.content[field.name]))
      .map((field) => ({
        code: 'requiredFieldEmpty',
        field: 'publicationId',
        message: `${blockLabel(block)}: het verplichte veld '${field.label}' is leeg.`,
      })),
  );

const templateGone: Check = async ({ db, choice, publication }) => {
  if (!choice.templateId) return [];
  const [template] = await db
    .select({ id: publicationTemplates.id })
    .from(publicationTemplates)
    .where(
      and(
        eq(publicationTemplates.id, choice.templateId),
        eq(publicationTemplates.publicationTypeId, publication.publicationTypeId),
      ),
    );
  return template
    ? []
    : [
        {
          code: 'templateGone',
          field: 'publicationTemplateId',
          message: 'Het gekozen template bestaat niet (meer) voor het type van deze publicatie.',
        },
      ];
};

/** The environment's own sender address must be on its verified sending domain (sending/senderReadiness.ts). */
const senderNotReady: Check = async ({ db, environmentId, catcher }) => {
  const refused = await senderReadiness(db, environmentId, { catcher });
  return refused ? [{ code: 'senderNotReady', field: 'sender', message: refused }] : [];
};

/** The 'Deelnemers - …' options need an invitation that was sent (rsvp/invitees.ts). */
const noInvitees: Check = async ({ db, choice, publication }) => {
  if (!choice.participantGroup || (await hasInvitees(db, publication.id))) return [];
  return [
    {
      code: 'noInvitees',
      field: choice.participantGroup === 'accepted' ? 'SendToOnlyAcceptedRsvp' : 'participantGroup',
      message:
        "Deze publicatie heeft nog geen genodigden. Zet bij 'Aanmeldingen' de uitnodiging aan en verstuur haar eerst naar een doelgroep; daarna kun je de deelnemers die komen een bericht sturen.",
    },
  ];
};

/** Blockers, in the order the panel lists them. */
const blockerChecks: readonly Check[] = [
  noBlocks,
  requiredFieldEmpty,
  templateGone,
  senderNotReady,
  noInvitees,
];

// ---- Warnings: shown, sending stays possible --------------------------------------------------------

const dutchMoment = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
});

const alreadySent: Check = async ({ db, environmentId, choice, publication }) => {
  if (!choice.audienceId && !choice.participantGroup) return [];
  const jobs = await db
    .select({
      status: deliveryJobs.status,
      scheduledAt: deliveryJobs.scheduledAt,
      startedAt: deliveryJobs.startedAt,
    })
    .from(deliveryJobs)
    .where(
      and(
        eq(deliveryJobs.environmentId, environmentId),
        eq(deliveryJobs.publicationId, publication.id),
        choice.participantGroup
          ? eq(deliveryJobs.participantGroup, choice.participantGroup)
          : eq(deliveryJobs.audienceId, choice.audienceId!),
        inArray(deliveryJobs.status, ['Gepland', 'Bezig', 'Verzonden']),
      ),
    )
    .orderBy(asc(deliveryJobs.scheduledAt));
  return jobs.map((job) =>
    job.status === 'Gepland'
      ? {
          code: 'alreadyPlanned',
          message: `Deze publicatie staat al gepland voor deze doelgroep op ${dutchMoment.format(job.scheduledAt)}.`,
        }
      : {
          code: 'alreadySent',
          message: `Deze publicatie is al naar deze doelgroep verzonden op ${dutchMoment.format(job.startedAt ?? job.scheduledAt)}.`,
        },
  );
};

const subjectNotSet: Check = ({ publication }) =>
  publication.subject === null
    ? [
        {
          code: 'subjectNotSet',
          message: `Er is nog geen onderwerp ingesteld: het bericht gaat uit met de naam '${publication.name}' als onderwerp.`,
        },
      ]
    : [];

const imagesWithoutAlt: Check = ({ blocks }) => {
  const missing = blocks.filter((block) =>
    block.fields.some((field) => {
      const image = block.content[field.name] as ImageValue | undefined;
      return field.kind === 'image' && image?.fileId && !image.alt?.trim();
    }),
  );
  return missing.length === 0
    ? []
    : [
        {
          code: 'imageWithoutAlt',
          message: `Afbeeldingen zonder alternatieve tekst (voor wie de afbeelding niet ziet): ${missing.map(blockLabel).join(', ')}.`,
        },
      ];
};

const httpHref = /href="(http:\/\/[^"]*)"/gi;

/** The http:// addresses a block links to: its link fields and the links in its rich text. */
function insecureLinks(block: CheckedBlock): string[] {
  return block.fields.flatMap((field) => {
    const value = block.content[field.name];
    if (field.kind === 'link' && value && typeof value === 'object' && 'url' in value) {
      return /^http:\/\//i.test(value.url) ? [value.url] : [];
    }
    if (field.kind === 'richText' && typeof value === 'string') {
      return [...value.matchAll(httpHref)].map((match) => match[1]);
    }
    return [];
  });
}

const linksNotHttps: Check = ({ blocks }) => {
  const links = [...new Set(blocks.flatMap(insecureLinks))];
  return links.length === 0
    ? []
    : [
        {
          code: 'insecureLink',
          message: `Links zonder https (niet versleuteld, sommige mailprogramma's waarschuwen ervoor): ${links.join(', ')}.`,
        },
      ];
};

const messageTooLarge: Check = async ({ rendered }) => {
  const mail = await rendered();
  if (!mail) return [];
  const bytes = Buffer.byteLength(mail.html, 'utf8');
  return bytes > gmailClipBytes
    ? [
        {
          code: 'messageTooLarge',
          message: `Het bericht is ${Math.ceil(bytes / 1024)} KB; Gmail kort berichten boven ${gmailClipBytes / 1024} KB in en toont de rest pas na een klik.`,
        },
      ]
    : [];
};

/**
 * A merge field without a fallback that is empty for some recipients leaves a gap ('Beste , afgelopen
 * week'): how many of the recipients, one of them, and the fallback that closes it.
 */
const mergeFieldEmpty: Check = async ({ db, environmentId, choice, publication, blocks }) => {
  if (!choice.audienceId && !choice.participantGroup) return [];
  const texts = [
    publication.subject ?? '',
    ...blocks.flatMap((block) => Object.values(block.content).filter((value) => typeof value === 'string')),
  ];
  const used = new Set(texts.flatMap((text) => mergeFieldsWithoutFallback(text as string)));
  const fields = recipientMergeFields.filter((field) => used.has(field));
  if (fields.length === 0) return [];
  const [recipients, counts] = [
    await countRecipientsToSend(db, environmentId, { ...choice, publicationId: publication.id }),
    await countEmptyMergeValues(db, environmentId, { ...choice, publicationId: publication.id }, fields),
  ];
  return counts
    .filter(({ empty }) => empty > 0)
    .map(({ field, empty, example }) => ({
      code: 'mergeFieldEmpty',
      message:
        `${recipientMergeFieldLabels[field]} ({{${field}}}) is leeg voor ${empty} van de ${recipients} ontvangers, ` +
        `bijvoorbeeld ${example}, en heeft geen vervangende tekst: op die plek komt niets ('Beste , …'). ` +
        `Geef een vervangende tekst, zoals {{${field}|${exampleFallback(field)}}}.`,
    }));
};

/** A fallback to suggest: what a letter says to someone whose value is unknown. */
function exampleFallback(field: string): string {
  return ['name', 'firstName', 'initials', 'lastName'].includes(field) ? 'inwoner' : '…';
}

/** The checks of what is sent: with an A/B test of content they run for every variant. */
const contentChecks: ReadonlySet<Check> = new Set([
  noBlocks,
  requiredFieldEmpty,
  mergeFieldEmpty,
  imagesWithoutAlt,
  linksNotHttps,
  messageTooLarge,
]);

/** Warnings, in the order the panel lists them. */
const warningChecks: readonly Check[] = [
  subjectNotSet,
  mergeFieldEmpty,
  alreadySent,
  imagesWithoutAlt,
  linksNotHttps,
  messageTooLarge,
];

// ---- Running the checks -------------------------------------------------------------------------

/**
 * One check after the other: inside a transaction its one connection takes one statement at a time. With
 * an A/B test of content a check of the content runs for each variant, its findings saying which.
 */
async function runChecks(checks: readonly Check[], subject: CheckSubject): Promise<DeliverCheckFinding[]> {
  const findings: DeliverCheckFinding[] = [];
  for (const check of checks) {
    if (subject.variants.length === 0 || !contentChecks.has(check)) {
      findings.push(...(await check(subject)));
      continue;
    }
    for (const { label, subject: variant } of subject.variants) {
      if (!variant) continue;
      for (const finding of await check(variant)) {
        findings.push({ ...finding, message: `Variant ${label}: ${finding.message}` });
      }
    }
  }
  if (checks === blockerChecks) findings.push(...missingVariants(subject));
  return findings;
}

/** A blocker for each variant of a test of content that the publication does not have. */
function missingVariants({ variants }: CheckSubject): DeliverCheckFinding[] {
  return variants
    .filter((variant) => !variant.subject)
    .map(({ label }) => ({
      code: 'variantMissing',
      field: 'abTest.variants',
      message: `Variant ${label} bestaat niet: maak die eerst aan bij de inhoud van de publicatie.`,
    }));
}

/**
 * Reads what the checks look at; `missing()` is thrown for a publication that is not the environment's.
 * With `lock` (inside a transaction) the publication's row is share-locked, so a delete cannot take its
 * blocks away halfway through the checks.
 */
async function checkSubject(
  db: Database,
  cdn: CdnLocation | undefined,
  environmentId: string,
  publicationId: string,
  choice: DeliverChoice,
  catcher: boolean,
  {
    missing = () => notFound('De publicatie'),
    lock = false,
  }: { missing?: () => ApiError; lock?: boolean } = {},
): Promise<CheckSubject> {
  const query = db
    .select({
      id: publications.id,
      name: publications.name,
      subject: publications.subject,
      publicationTypeId: publications.publicationTypeId,
    })
    .from(publications)
    .where(and(eq(publications.id, publicationId), eq(publications.environmentId, environmentId)));
  const [publication] = lock ? await query.for('share') : await query;
  if (!publication) throw missing();
  const subject = await contentSubject(db, cdn, environmentId, publication, choice, catcher, null, 'A');
  const variantCount = choice.contentVariants ?? 1;
  if (variantCount < 2) return subject;
  const others = await db
    .select({ id: publicationVariants.id, position: publicationVariants.position })
    .from(publicationVariants)
    .where(eq(publicationVariants.publicationId, publication.id));
  const variants: Array<{ label: string; subject: CheckSubject | undefined }> = [{ label: 'A', subject }];
  for (let position = 1; position < variantCount; position++) {
    const label = variantLabel(position);
    const variant = others.find((other) => other.position === position);
    variants.push({
      label,
      subject:
        variant &&
        (await contentSubject(db, cdn, environmentId, publication, choice, catcher, variant.id, label)),
    });
  }
  return { ...subject, variants };
}

/** What the checks look at of one variant's content: its blocks and its rendering. */
async function contentSubject(
  db: Database,
  cdn: CdnLocation | undefined,
  environmentId: string,
  publication: CheckSubject['publication'],
  choice: DeliverChoice,
  catcher: boolean,
  variantId: string | null,
  label: string,
): Promise<CheckSubject> {
  const rows = await db
    .select({
      content: publicationBlocks.content,
      groupName: publicationRepeatableGroups.name,
      fields: publicationRepeatableGroups.fields,
      blockType: publicationBlocks.blockType,
    })
    .from(publicationBlocks)
    .leftJoin(
      publicationRepeatableGroups,
      and(
        eq(publicationRepeatableGroups.publicationTypeId, publication.publicationTypeId),
        eq(publicationRepeatableGroups.type, publicationBlocks.blockType),
      ),
    )
    .where(and(eq(publicationBlocks.publicationId, publication.id), blocksOfVariant(variantId)))
    .orderBy(asc(publicationBlocks.position), asc(publicationBlocks.createdAt));
  let rendering: Promise<RenderedMail | undefined> | undefined;
  return {
    db,
    environmentId,
    catcher,
    choice,
    publication,
    blocks: rows.map((row, index) => ({
      number: index + 1,
      groupName: row.groupName ?? row.blockType,
      fields: row.fields ?? [],
      content: row.content,
    })),
    rendered: () =>
      (rendering ??=
        cdn && choice.templateId
          ? renderPublicationForDelivery(db, cdn, environmentId, publication.id, choice.templateId, true, {
              content: label,
            })
          : Promise.resolve(undefined)),
    variants: [],
  };
}

/**
 * GET /publications/{id}/deliver-check: the recipients the choice reaches now (counted as the job resolves
 * them), the blockers and the warnings (the route adds what 'Goedkeuring' says of the count).
 */
export async function checkDelivery(
  db: Database,
  cdn: CdnLocation,
  catcher: boolean,
  environmentId: string,
  publicationId: string,
  choice: DeliverChoice,
): Promise<Omit<DeliverCheck, 'approval'>> {
  const subject = await checkSubject(db, cdn, environmentId, publicationId, choice, catcher);
  const recipients = await countRecipientsToSend(db, environmentId, {
    audienceId: choice.audienceId,
    participantGroup: choice.participantGroup,
    publicationId,
  });
  return {
    recipients,
    blockers: await runChecks(blockerChecks, subject),
    warnings: await runChecks(warningChecks, subject),
  };
}

/**
 * Refuses a delivery while a blocker holds: a 400 naming the first blocker's field, with its message. A
 * publication deleted meanwhile is the job's unknown `publicationId`, as `missing` says.
 */
export async function refuseBlockedDelivery(
  db: Database,
  catcher: boolean,
  environmentId: string,
  publicationId: string,
  choice: DeliverChoice,
  missing: () => ApiError,
): Promise<void> {
  const [blocker] = await db.transaction(async (tx) => {
    const subject = await checkSubject(tx, undefined, environmentId, publicationId, choice, catcher, {
      missing,
      lock: true,
    });
    return runChecks(blockerChecks, subject);
  });
  if (blocker) throw badRequest(blocker.field ?? 'publicationId', blocker.message);
}
