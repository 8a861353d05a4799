import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  CreatePublicationBody,
  Publication,
  PublicationPage,
  PublicationSortField,
  PublicationsQuery,
  UpdatePublicationBody,
} from '../contract/publications';
import type { Database } from '../db/client';
import { deliveryJobs, publicationBlocks, publicationTypes, publications } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { pageSize } from '../contract/paging';
import { orderBy, readPage } from '../db/paging';
import { optionalText, requiredText } from '../http/inputText';
import { recipientMergeFieldLabels } from '../contract/mergeFields';
import { unknownMergeFields } from '../rendering/mergeFields';
import { containsText } from '../db/textSearch';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

const publicationColumns = {
  id: publications.id,
  name: publications.name,
  subject: publications.subject,
  preheader: publications.preheader,
  isNotMarketing: publications.isNotMarketing,
  isPublic: publications.isPublic,
  senderName: publications.senderName,
  publicationTypeId: publications.publicationTypeId,
  publicationTypeName: publicationTypes.name,
  createdAt: publications.createdAt,
  updatedAt: publications.updatedAt,
};

type PublicationRow = Omit<Publication, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const sortColumns: Record<PublicationSortField, SQL> = {
  name: sql`lower(${publications.name})`,
  publicationTypeName: sql`lower(${publicationTypes.name})`,
  isNotMarketing: sql`${publications.isNotMarketing}`,
  isPublic: sql`${publications.isPublic}`,
  createdAt: sql`${publications.createdAt}`,
};

/** A page of the environment's publications, newest first unless another sort is asked. */
export async function listPublications(
  db: Database,
  environmentId: string,
  query: PublicationsQuery,
): Promise<PublicationPage> {
  const offset = query.offset ?? 0;
  const sort = query.sort ?? 'createdAt';
  const where = and(
    eq(publications.environmentId, environmentId),
    containsText(query.search, publications.name, publicationTypes.name),
  );
  const { rows, total } = await readPage(
    db
      .select(publicationColumns)
      .from(publications)
      .innerJoin(publicationTypes, eq(publicationTypes.id, publications.publicationTypeId))
      .where(where)
      .orderBy(
        ...orderBy(
          sortColumns[sort],
          publications.id,
          query.order ?? (sort === 'createdAt' ? 'DESC' : 'ASC'),
        ),
      )
      .offset(offset)
      .limit(query.limit ?? pageSize),
    db
      .select({ total: count() })
      .from(publications)
      .innerJoin(publicationTypes, eq(publicationTypes.id, publications.publicationTypeId))
      .where(where),
  );
  return { data: rows.map(toPublication), total };
}

/** One publication of the environment; 404 for an unknown id or another environment's publication. */
export async function getPublication(db: Database, environmentId: string, id: string): Promise<Publication> {
  const [row] = await db
    .select(publicationColumns)
    .from(publications)
    .innerJoin(publicationTypes, eq(publicationTypes.id, publications.publicationTypeId))
    .where(and(eq(publications.id, id), eq(publications.environmentId, environmentId)));
  if (!row) throw notFound('De publicatie');
  return toPublication(row);
}

/** Creates a publication of one of the environment's types; answers its id. */
export async function createPublication(
  db: Database,
  environmentId: string,
  body: CreatePublicationBody,
): Promise<string> {
  const name = requiredText(body.name, 'name', 'Naam');
  const [type] = await db
    .select({ id: publicationTypes.id })
    .from(publicationTypes)
    .where(
      and(eq(publicationTypes.id, body.publicationTypeId), eq(publicationTypes.environmentId, environmentId)),
    );
  if (!type) throw badRequest('publicationTypeId', 'Dit publicatietype bestaat niet.');
  const [created] = await db
    .insert(publications)
    .values({ environmentId, publicationTypeId: type.id, name })
    .returning({ id: publications.id });
  return created.id;
}

/**
 * Changes a publication's name and flags (its type never changes), and its subject and preview text when
 * given; answers the publication as stored.
 */
export async function updatePublication(
  db: Database,
  environmentId: string,
  id: string,
  body: UpdatePublicationBody,
): Promise<Publication> {
  const name = requiredText(body.name, 'name', 'Naam');
  const senderName = body.senderName === undefined ? undefined : optionalText(body.senderName);
  if (senderName && /[<>"]/.test(senderName))
    throw badRequest('senderName', 'De afzendernaam mag geen <, > of " bevatten.');
  const messageFields = {
    ...(body.subject !== undefined ? { subject: messageText(body.subject, 'subject', 'Onderwerp') } : {}),
    ...(body.preheader !== undefined
      ? { preheader: messageText(body.preheader, 'preheader', 'Voorbeeldtekst') }
      : {}),
  };
  const [updated] = await db
    .update(publications)
    .set({
      name,
      isNotMarketing: body.isNotMarketing,
      isPublic: body.isPublic,
      ...(senderName === undefined ? {} : { senderName }),
      ...messageFields,
      updatedAt: new Date(),
    })
    .where(and(eq(publications.id, id), eq(publications.environmentId, environmentId)))
    .returning({ id: publications.id });
  if (!updated) throw notFound('De publicatie');
  return getPublication(db, environmentId, id);
}

/** A subject or preview text: trimmed, blank is not set, only the recipient merge fields (400 naming `field`). */
function messageText(value: string | null, field: string, label: string): string | null {
  const text = optionalText(value);
  const [unknown] = text ? unknownMergeFields(text) : [];
  if (unknown !== undefined) {
    throw badRequest(
      field,
      `${label} bevat het onbekende samenvoegveld {{${unknown}}}; beschikbaar zijn: ${Object.entries(
        recipientMergeFieldLabels,
      )
        .map(([field, dutch]) => `${dutch} ({{${field}}})`)
        .join(', ')}.`,
    );
  }
  return text;
}

/** The most characters of a name; a copy's suffix is fitted within it. */
const maxNameLength = 200;
const copySuffix = ' (kopie)';

/**
 * Copies a publication of the environment in one transaction: same type, flags, subject, preview text
 * and blocks (in order, each at version 1), named '{name} (kopie)'. Answers the copy's id; 404 for an
 * unknown publication.
 */
export async function duplicatePublication(db: Database, environmentId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(publications)
      .where(and(eq(publications.id, id), eq(publications.environmentId, environmentId)))
      .for('share');
    if (!original) throw notFound('De publicatie');
    const [copy] = await tx
      .insert(publications)
      .values({
        environmentId,
        publicationTypeId: original.publicationTypeId,
        name: `${original.name.slice(0, maxNameLength - copySuffix.length)}${copySuffix}`,
        subject: original.subject,
        preheader: original.preheader,
        senderName: original.senderName,
        isNotMarketing: original.isNotMarketing,
        isPublic: original.isPublic,
      })
      .returning({ id: publications.id });
    const blocks = await tx
      .select({
        blockType: publicationBlocks.blockType,
        position: publicationBlocks.position,
        content: publicationBlocks.content,
      })
      .from(publicationBlocks)
      // The copy starts without content variants (an A/B test's, abTests/).
      .where(and(eq(publicationBlocks.publicationId, original.id), isNull(publicationBlocks.variantId)));
    if (blocks.length > 0) {
      await tx
        .insert(publicationBlocks)
        .values(blocks.map((block) => ({ ...block, publicationId: copy.id })));
    }
    return copy.id;
  });
}

const notStarted = new Set(['Gepland', 'Geannuleerd']);

/** Answered when a publication that has (had) a delivery under way or done is to be deleted. */
const distributedPublicationMessage = 'Deze publicatie is al verspreid en kan niet worden verwijderd.';
/** Answered when its only deliveries are planned (or were cancelled before they started): nothing went out. */
const plannedPublicationMessage =
  'Deze publicatie heeft een geplande verzending en kan daarom niet worden verwijderd. Er is nog niets verstuurd.';

/**
 * Deletes a publication with its blocks, in one transaction. Its delivery jobs are the record of what
 * was (or will be) sent, so a publication that has any is kept: 409 naming `id`. The row is locked
 * first: a job inserted concurrently either committed before (and is seen here) or waits for this
 * transaction and then finds the publication gone.
 */
export async function deletePublication(
  db: Database,
  environmentId: string,
  id: string,
  actor: LogActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const publication = await lockPublication(tx, environmentId, id);
    const jobs = await tx
      .select({ status: deliveryJobs.status, startedAt: deliveryJobs.startedAt })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.publicationId, publication.id));
    if (jobs.length > 0) {
      const sentSomething = jobs.some((job) => job.startedAt !== null || !notStarted.has(job.status));
      throw new ApiError(
        409,
        sentSomething ? distributedPublicationMessage : plannedPublicationMessage,
        'id',
      );
    }
    // Explicit rather than left to the foreign key's cascade: what goes with a publication is decided here.
    await tx.delete(publicationBlocks).where(eq(publicationBlocks.publicationId, publication.id));
    const [deleted] = await tx
      .delete(publications)
      .where(eq(publications.id, publication.id))
      .returning({ name: publications.name });
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'publication.deleted',
      resource: { type: 'publication', id: publication.id, label: deleted.name },
    });
  });
}

/**
 * The id and type of a publication of the environment, for calls under /publications/{id};
 * 404 for an unknown id or another environment's publication.
 */
export async function requirePublication(db: Database, environmentId: string, id: string) {
  const [publication] = await db
    .select({
      id: publications.id,
      name: publications.name,
      publicationTypeId: publications.publicationTypeId,
    })
    .from(publications)
    .where(and(eq(publications.id, id), eq(publications.environmentId, environmentId)));
  if (!publication) throw notFound('De publicatie');
  return publication;
}

/** Reads the publication of the environment and locks its row until the transaction ends; 404 if absent. */
export async function lockPublication(tx: Database, environmentId: string, publicationId: string) {
  const [publication] = await tx
    .select({ id: publications.id, publicationTypeId: publications.publicationTypeId })
    .from(publications)
    .where(and(eq(publications.id, publicationId), eq(publications.environmentId, environmentId)))
    .for('update');
  if (!publication) throw notFound('De publicatie');
  return publication;
}

function toPublication(row: PublicationRow): Publication {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
