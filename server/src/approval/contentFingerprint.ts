import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { ParticipantGroup } from '../contract/publications';
import type { Database } from '../db/client';
import {
  audienceListFilters,
  audienceLists,
  audiences,
  journeyVersions,
  journeys,
  publicationBlocks,
  publicationTemplates,
  publications,
  senderSettings,
} from '../db/schema';

// An approval is worth something only for what the approver saw. The fingerprint is a hash of everything
// that decides what goes out, except the recipients' own data: the publication's subject, preview text,
// sender name and blocks, the template, the environment's sender, and the audience's definition (its lists
// and filters) or participant group. For publishing a journey: its name, state, active version and the
// graph that would be published. A request stores it; a different one now voids the request.

/** What a request sends: the publication, through which template, to whom. */
export interface SendChoice {
  publicationId: string;
  publicationTemplateId: string;
  audienceId: string | null;
  participantGroup: ParticipantGroup | null;
}

export async function contentFingerprint(
  db: Database,
  environmentId: string,
  choice: SendChoice,
): Promise<string> {
  const [publication] = await db
    .select({
      name: publications.name,
      subject: publications.subject,
      preheader: publications.preheader,
      senderName: publications.senderName,
      isNotMarketing: publications.isNotMarketing,
    })
    .from(publications)
    .where(and(eq(publications.id, choice.publicationId), eq(publications.environmentId, environmentId)));
  const blocks = await db
    .select({
      id: publicationBlocks.id,
      type: publicationBlocks.blockType,
      content: publicationBlocks.content,
    })
    .from(publicationBlocks)
    .where(eq(publicationBlocks.publicationId, choice.publicationId))
    .orderBy(asc(publicationBlocks.position), asc(publicationBlocks.createdAt));
  const [template] = await db
    .select({ id: publicationTemplates.id, layout: publicationTemplates.layout })
    .from(publicationTemplates)
    .where(eq(publicationTemplates.id, choice.publicationTemplateId));
  const [sender] = await db
    .select({
      name: senderSettings.senderName,
      address: senderSettings.senderAddress,
      replyTo: senderSettings.replyToAddress,
    })
    .from(senderSettings)
    .where(eq(senderSettings.environmentId, environmentId));
  const audience = choice.audienceId ? await audienceDefinition(db, environmentId, choice.audienceId) : null;
  return hashOf({
    publication: publication ?? null,
    blocks,
    template: template ?? null,
    sender: sender ?? null,
    audience,
    participantGroup: choice.participantGroup,
  });
}

/** What publishing the journey would make active: its name, state and version, and the graph being edited. */
export async function journeyFingerprint(
  db: Database,
  environmentId: string,
  journeyId: string,
): Promise<string> {
  const [journey] = await db
    .select({
      name: journeys.name,
      state: journeys.state,
      draft: journeys.draft,
      activeVersionId: journeys.activeVersionId,
    })
    .from(journeys)
    .where(and(eq(journeys.id, journeyId), eq(journeys.environmentId, environmentId)));
  if (!journey) return hashOf(null);
  const [version] = journey.activeVersionId
    ? await db
        .select({ graph: journeyVersions.graph })
        .from(journeyVersions)
        .where(eq(journeyVersions.id, journey.activeVersionId))
    : [];
  return hashOf({
    name: journey.name,
    state: journey.state,
    activeVersionId: journey.activeVersionId,
    graph: journey.draft ?? version?.graph ?? null,
  });
}

/** The audience's lists and filters, in a fixed order (not the subscribers: they come and go). */
async function audienceDefinition(db: Database, environmentId: string, audienceId: string) {
  const [audience] = await db
    .select({ isDeleted: audiences.isDeleted })
    .from(audiences)
    .where(and(eq(audiences.id, audienceId), eq(audiences.environmentId, environmentId)));
  const rows = await db
    .select({
      listId: audienceLists.listId,
      field: audienceListFilters.field,
      operator: audienceListFilters.operator,
      value: audienceListFilters.value,
    })
    .from(audienceLists)
    .leftJoin(audienceListFilters, eq(audienceListFilters.audienceListId, audienceLists.id))
    .where(eq(audienceLists.audienceId, audienceId));
  const lines = rows.map((row) => JSON.stringify(row)).sort();
  return { id: audienceId, deleted: audience?.isDeleted ?? true, lines };
}

/** A stable hash of a JSON value: object keys sorted at every level. */
function hashOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
