import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FieldDefinition, RenderedPublication } from '../contract/publications';
import { memberColumns, memberJoin, readAsMember, tokenUser, type MemberCheck } from '../auth/membership';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/preparedQuery';
import {
  environmentMembers,
  environments,
  mediaFiles,
  publicationBlocks,
  publicationRepeatableGroups,
  publicationTemplates,
  publicationVariants,
  publications,
  rsvpEvents,
  senderSettings,
  themes,
  users,
} from '../db/schema';
import { badRequest, notFound } from '../errors';
import { blocksOfVariant } from './blocks';
import { contentVariantId, findContentVariantId, missingVariant, variantPosition } from './contentVariants';
import { environmentParts, previewFiles } from './previewEnvironment';
import { previewRecipientValues } from './previewRecipient';
import {
  contentStampsOf,
  type ContentStamps,
  keepPreview,
  keptPreview,
  keptPreviewBlocks,
  previewEtag,
  rememberContentStamps,
} from './renderedPreviews';
import { cdnImageUrl, type CdnLocation } from '../rendering/imageUrl';
import { escapeHtml } from '../rendering/escapeHtml';
import { fillMergeFields, type MergeValues } from '../rendering/mergeFields';
import {
  renderPublication,
  type PublicationRenderInput,
  type RenderBlock,
  type RenderedMail,
} from '../rendering/renderPublication';
import { themeStyle, type TemplateWebFont } from '../rendering/themeStyle';
import { unsubscribePrefix } from '../delivery/unsubscribePath';
import { previewPreferenceUrl } from '../preferences/preferenceAddress';
import { fromLine } from '../sending/senderSettings';
import { bodyFonts, headingFonts, renderTheme, themeLookColumns } from '../themes/themeLook';

/** A publication as a page in the browser: its HTML and the web fonts the page's CSP must allow. */
export interface WebVersion extends RenderedMail {
  webFonts: TemplateWebFont[];
}

/** What a message carries besides its content: the unsubscribe link and 'Bekijk in je browser'. */
const messageLinks = { unsubscribe: true, webVersion: true };
/** The web version shows the publication only. */
const noLinks = { unsubscribe: false, webVersion: false };

/** The logo is shown 160 px wide; fetched at twice that for sharp screens, fitted (never cropped). */
const logoSize = { width: 320, height: 160, crop: false };

/** A preview: the rendered mail with its subject and preview text as an inbox shows them. */
export interface PreviewMail extends RenderedMail {
  subject: string;
  preheader: string | null;
}

/** The subject a message goes out with: the publication's subject, its name while none is set. */
export function messageSubject(publication: { name: string; subject: string | null }): string {
  return publication.subject ?? publication.name;
}

/**
 * A publication of the environment rendered through one of its type's templates, as a preview: merge
 * fields show their fallback, the unsubscribe link an example of a recipient's (previewUnsubscribeUrl). 404 for an unknown publication
 * (or another environment's); 400 naming `templateId` for a template that is not of the publication's type.
 */
export async function renderPublicationPreview(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publicationId: string,
  templateId: string,
  // The test send fills in each tester's own working link, so it keeps the placeholder.
  unsubscribeLink: 'example' | 'placeholder' = 'example',
  /** The address of one recipient whose values fill the merge fields ('Bekijken als'); else fallbacks. */
  recipientEmail?: string,
  /** The content variant shown ('B' to 'D'; 400 naming `variant` for one the publication lacks); else 'A'. */
  variant = 'A',
): Promise<PreviewMail> {
  const { publication, recipient, read } = await readPreview(db, cdn, environmentId, {
    publicationId,
    templateId,
    recipientEmail,
    variant,
  });
  return previewOf(publication, await renderRead(read), cdn, environmentId, unsubscribeLink, recipient);
}

/** The preview of GET /publications/{id}/render: its ETag, and its JSON unless the asker's copy is current. */
export interface PreviewAnswer {
  etag: string;
  /** RenderedPublication as JSON; undefined when the asker holds this ETag (a 304). */
  body: string | undefined;
}

/**
 * The preview answer of GET /publications/{id}/render (renderPublicationPreview with the From line). Its
 * ETag derives from the preview stamps (migration `preview-stamps`: new at every write that could change
 * what the preview shows), the template's layout, the invitation, the recipient's values and this server's
 * settings, all read in one small query: when the asker holds that ETag (`held`, its If-None-Match), or
 * the answer is kept (renderedPreviews.ts), no publication is read. The same query reads the blocks unless
 * the ETag the asker holds was made of the same publication and variant stamps (then they are most likely
 * unchanged, and read only if the ETag differs after all): so a preview after a save takes one query. The
 * stamps are read before the rest of the publication, so what is rendered is at least as new as the
 * stamps the ETag names; a write in between only gives the next request another ETag. The same query
 * reads the asker's membership (`asker`, routes/scope.ts `membershipInRouteQuery`), which is checked
 * before anything else is answered, a 304 too. Errors as renderPublicationPreview.
 */
export async function previewAnswer(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publicationId: string,
  templateId: string,
  recipientEmail: string | undefined,
  variant: string | undefined,
  mailFrom: string,
  held: readonly string[],
  asker: MemberCheck,
): Promise<PreviewAnswer> {
  const label = variant ?? 'A';
  const { blocks, ...stamps } = await previewStamps(
    db,
    asker,
    environmentId,
    publicationId,
    templateId,
    label,
    contentStampsOf(held),
  );
  // Only once the asker is admitted: a non-member reads nothing of the environment.
  const recipient = await recipientValues(db, environmentId, recipientEmail);
  const etag = previewEtag([
    environmentId,
    publicationId,
    templateId,
    label,
    stamps,
    recipient,
    cdn.publicUrl,
    cdn.cdnBase,
    mailFrom,
  ]);
  rememberContentStamps(etag, { publication: stamps.publication, variant: stamps.variant });
  if (held.includes(etag)) return { etag, body: undefined };
  const kept = keptPreview(etag);
  if (kept !== undefined) return { etag, body: kept };
  const publication = await previewedPublicationOf(db, environmentId, stamps, blocks);
  const read = readStored(cdn, environmentId, publication, stamps.layout, messageLinks, {
    blockAnchors: true,
    keptBlocks: keptPreviewBlocks,
  });
  const from = publicationFrom(publication, mailFrom);
  const preview = previewOf(publication, await renderRead(read), cdn, environmentId, 'example', recipient);
  const answer: RenderedPublication = {
    html: preview.html,
    text: preview.text,
    subject: preview.subject,
    preheader: preview.preheader,
    from,
  };
  const body = JSON.stringify(answer);
  keepPreview(etag, body);
  return { etag, body };
}

/**
 * The preview stamps of a publication and its environment, the content variant `label` names (its id and
 * stamp), the layout of `templateId` and the invitation as the render reads it, and its blocks unless
 * `known` names its current publication and variant stamps: one query on primary keys, prepared once per
 * database, which also reads the asker's membership and admits them first (403 as the environment
 * scope's). 404 for an unknown publication (or another environment's), 400 naming `templateId` for a
 * template of another type and `variant` for a variant the publication lacks.
 */
async function previewStamps(
  db: Database,
  asker: MemberCheck,
  environmentId: string,
  publicationId: string,
  templateId: string,
  label: string,
  known: ContentStamps | undefined,
) {
  const position = variantPosition(label);
  const row = await readAsMember(asker, async () => {
    const [read] = await previewStampQuery(db).execute({
      ...asker.identity,
      environmentId,
      publicationId,
      templateId,
      // An unknown label is refused below, once the asker is admitted.
      position: position ?? 0,
      knownPublication: known?.publication ?? null,
      knownVariant: known?.variant ?? null,
    });
    return read;
  });
  if (position === undefined) throw missingVariant(label, 'variant');
  const { publication, environment } = row;
  if (publication === null || environment === null) throw notFound('De publicatie');
  if (row.layout === null) throw wrongTemplate();
  if (position > 0 && row.variant === null) throw missingVariant(label, 'variant');
  return {
    publication: publication.stamp,
    environment,
    layout: row.layout,
    variantId: row.variant?.id ?? null,
    variant: row.variant?.stamp ?? null,
    invitation: row.invitation,
    /** Read in the same statement as the stamps, null when `known` named them; not part of the ETag. */
    blocks: row.blocks,
    // Not part of the ETag: the publication's stamp is new at every change of these.
    row: {
      id: publicationId,
      name: publication.name,
      subject: publication.subject,
      preheader: publication.preheader,
      publicationTypeId: publication.publicationTypeId,
      isPublic: publication.isPublic,
      senderName: publication.senderName,
    },
  };
}

/**
 * previewStamps' query: from the token's user (memberColumns), so that a non-member gets their row too
 * (and a 403, not a 404) and reads nothing of the environment: the publication is joined only through
 * the membership. The content variant `position` names is joined once ('A', 0, is the publication's
 * own blocks: none).
 */
const previewStampQuery = preparedPerDatabase((db) =>
  db
    .select({
      ...memberColumns,
      publication: {
        stamp: publications.previewStamp,
        name: publications.name,
        subject: publications.subject,
        preheader: publications.preheader,
        publicationTypeId: publications.publicationTypeId,
        isPublic: publications.isPublic,
        senderName: publications.senderName,
      },
      environment: environments.previewStamp,
      layout: sql<string | null>`(
        SELECT ${publicationTemplates.layout} FROM ${publicationTemplates}
        WHERE ${publicationTemplates.id} = ${sql.placeholder('templateId')}
          AND ${publicationTemplates.publicationTypeId} = ${publications.publicationTypeId})`,
      variant: { id: publicationVariants.id, stamp: publicationVariants.previewStamp },
      invitation: invitationColumn,
      // CASE WHEN with an unknown (null) stamp is not true: the blocks are read.
      blocks: sql<StoredBlock[] | null>`CASE
        WHEN ${publications.previewStamp} = ${sql.placeholder('knownPublication')}
         AND ${publicationVariants.previewStamp} IS NOT DISTINCT FROM ${sql.placeholder('knownVariant')}
        THEN NULL
        ELSE (SELECT coalesce(json_agg(json_build_object(
                       'id', ${publicationBlocks.id}, 'type', ${publicationBlocks.blockType},
                       'content', ${publicationBlocks.content})
                     ORDER BY ${publicationBlocks.position}, ${publicationBlocks.createdAt}), '[]'::json)
              FROM ${publicationBlocks}
              WHERE ${publicationBlocks.publicationId} = ${publications.id}
                AND ${publicationBlocks.variantId} IS NOT DISTINCT FROM ${publicationVariants.id})
        END`,
    })
    .from(users)
    .leftJoin(environmentMembers, memberJoin)
    .leftJoin(
      publications,
      and(
        eq(publications.id, sql.placeholder('publicationId')),
        eq(publications.environmentId, environmentMembers.environmentId),
      ),
    )
    .leftJoin(environments, eq(environments.id, publications.environmentId))
    .leftJoin(
      publicationVariants,
      and(
        eq(publicationVariants.publicationId, publications.id),
        eq(publicationVariants.position, sql.placeholder('position')),
      ),
    )
    .where(tokenUser)
    .limit(1)
    .prepare('preview_stamps'),
);

/**
 * The publication as findPublication reads it, for a preview whose stamps `previewStamps` read: its own
 * columns from the stamps' row, its blocks (or its content variant's) in one small query, and what every
 * preview of the environment shares (its name, theme, logo, sender, the groups' fields and the media
 * files the blocks name) kept per environment stamp (previewEnvironment.ts), so that a preview after a
 * save reads little more than the blocks.
 */
async function previewedPublicationOf(
  db: Database,
  environmentId: string,
  stamps: Omit<Awaited<ReturnType<typeof previewStamps>>, 'blocks'>,
  /** The blocks the stamps' query read, or null to read them here. */
  readBlocks: StoredBlock[] | null,
): Promise<StoredPublication> {
  const [blocks, parts] = await Promise.all([
    (readBlocks !== null
      ? Promise.resolve(readBlocks)
      : stamps.variantId === null
        ? ownBlocksQuery(db).execute({ publicationId: stamps.row.id })
        : variantBlocksQuery(db).execute({
            publicationId: stamps.row.id,
            variantId: stamps.variantId,
          })) as Promise<StoredBlock[]>,
    environmentParts(db, environmentId, stamps.environment, stamps.row.publicationTypeId),
  ]);
  if (!parts) throw notFound('De publicatie');
  const files = await previewFiles(db, environmentId, stamps.environment, namedFileIds(blocks));
  return {
    ...stamps.row,
    ...parts,
    layout: stamps.layout,
    blocks,
    files,
    invitation: stamps.invitation,
  };
}

/** A block as findPublication reads it, in a select from publication_blocks. */
const blockColumns = {
  id: publicationBlocks.id,
  type: publicationBlocks.blockType,
  content: publicationBlocks.content,
};
const blockOrder = [asc(publicationBlocks.position), asc(publicationBlocks.createdAt)];

const ownBlocksQuery = preparedPerDatabase((db) =>
  db
    .select(blockColumns)
    .from(publicationBlocks)
    .where(
      and(
        eq(publicationBlocks.publicationId, sql.placeholder('publicationId')),
        isNull(publicationBlocks.variantId),
      ),
    )
    .orderBy(...blockOrder)
    .prepare('preview_blocks'),
);

const variantBlocksQuery = preparedPerDatabase((db) =>
  db
    .select(blockColumns)
    .from(publicationBlocks)
    .where(
      and(
        eq(publicationBlocks.publicationId, sql.placeholder('publicationId')),
        eq(publicationBlocks.variantId, sql.placeholder('variantId')),
      ),
    )
    .orderBy(...blockOrder)
    .prepare('preview_variant_blocks'),
);

const fileIdPattern = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/** The media file ids the blocks' content names, as findPublication finds them: any field's `fileId`. */
function namedFileIds(blocks: readonly StoredBlock[]): string[] {
  return blocks.flatMap((block) =>
    Object.values(block.content).flatMap((value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
      const { fileId } = value as { fileId?: unknown };
      return typeof fileId === 'string' && fileIdPattern.test(fileId) ? [fileId.toLowerCase()] : [];
    }),
  );
}

/** What a preview reads: the publication, the recipient's values and the rest of the render's input. */
async function readPreview(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  {
    publicationId,
    templateId,
    recipientEmail,
    variant,
  }: { publicationId: string; templateId: string; recipientEmail: string | undefined; variant: string },
) {
  const variantId = await contentVariantId(db, publicationId, variant, 'variant');
  const [publication, recipient] = await Promise.all([
    previewedPublication(db, environmentId, publicationId, templateId, variantId),
    recipientValues(db, environmentId, recipientEmail),
  ]);
  const read = readStored(cdn, environmentId, publication, publication.layout, messageLinks, {
    blockAnchors: true,
  });
  return { publication, recipient, read };
}

/** The publication with the layout of `templateId`; 404 for an unknown one, 400 for another type's template. */
async function previewedPublication(
  db: Database,
  environmentId: string,
  publicationId: string,
  templateId: string,
  variantId: string | null,
): Promise<StoredPublication & { layout: string }> {
  const publication = await findPublication(
    db,
    environmentId,
    publicationId,
    sql`(SELECT ${publicationTemplates.layout} FROM ${publicationTemplates}
         WHERE ${publicationTemplates.id} = ${templateId}
           AND ${publicationTemplates.publicationTypeId} = ${publications.publicationTypeId})`,
    variantId,
  );
  if (!publication) throw notFound('De publicatie');
  const { layout } = publication;
  if (layout === null) throw wrongTemplate();
  return { ...publication, layout };
}

/** The 400 for a template that is not of the publication's type. */
function wrongTemplate() {
  return badRequest('templateId', 'Deze template hoort niet bij het publicatietype van deze publicatie.');
}

/** The merge values of 'Bekijken als' (previewRecipientValues), none without an address. */
function recipientValues(db: Database, environmentId: string, email: string | undefined) {
  return email === undefined ? Promise.resolve({}) : previewRecipientValues(db, environmentId, email);
}

/** A rendered preview with the recipient's values (else fallbacks), its subject and preview text. */
function previewOf(
  publication: StoredPublication,
  rendered: RenderedMail,
  cdn: CdnLocation,
  environmentId: string,
  unsubscribeLink: 'example' | 'placeholder',
  recipient: MergeValues,
): PreviewMail {
  const mail = withFallbacks(
    rendered,
    unsubscribeLink === 'example'
      ? {
          ...recipient,
          unsubscribeUrl: previewUnsubscribeUrl(cdn),
          preferencesUrl: previewPreferenceUrl(cdn.publicUrl, environmentId),
        }
      : recipient,
  );
  const asText = (value: string) => value;
  return {
    ...mail,
    subject: fillMergeFields(messageSubject(publication), recipient, asText),
    preheader:
      publication.preheader === null ? null : fillMergeFields(publication.preheader, recipient, asText),
  };
}

/**
 * A publication rendered for delivery through the given template: merge fields and `{{unsubscribeUrl}}`
 * left for each recipient, its subject (the name while none is set) as the subject. Undefined when the publication or the
 * template (of the publication's type) is gone.
 */
export async function renderPublicationForDelivery(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publicationId: string,
  templateId: string,
  /** The job invites its recipients: an invitation's messages carry the block 'Aanmelden'. */
  rsvp = true,
  /** An A/B test variant's subject or preheader, or its content ('A' to 'D'), instead of the publication's. */
  overrides: { subject?: string; preheader?: string; content?: string } = {},
): Promise<(RenderedMail & { subject: string }) | undefined> {
  const variantId =
    overrides.content === undefined
      ? null
      : await contentVariantId(db, publicationId, overrides.content, 'content');
  const stored = await findPublication(
    db,
    environmentId,
    publicationId,
    sql`(SELECT ${publicationTemplates.layout} FROM ${publicationTemplates}
         WHERE ${publicationTemplates.id} = ${templateId}
           AND ${publicationTemplates.publicationTypeId} = ${publications.publicationTypeId})`,
    variantId,
  );
  if (!stored || stored.layout === null) return undefined;
  const publication = {
    ...stored,
    subject: overrides.subject ?? stored.subject,
    preheader: overrides.preheader ?? stored.preheader,
  };
  const mail = await renderRead(
    readStored(cdn, environmentId, publication, stored.layout, { ...messageLinks, rsvp }),
  );
  return { html: mail.html, text: mail.text, subject: messageSubject(publication) };
}

/**
 * The web version of a public publication (its type's first template, no unsubscribe link), or
 * undefined when the publication is unknown, another environment's or not public: the caller answers
 * all of those alike.
 */
export async function renderWebVersion(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publicationId: string,
): Promise<WebVersion | undefined> {
  const publication = await findPublication(
    db,
    environmentId,
    publicationId,
    sql`(SELECT ${publicationTemplates.layout} FROM ${publicationTemplates}
         WHERE ${publicationTemplates.publicationTypeId} = ${publications.publicationTypeId}
         ORDER BY ${publicationTemplates.position}, ${publicationTemplates.name} LIMIT 1)`,
  );
  if (!publication?.isPublic) return undefined;
  const mail = await renderRead(
    readStored(cdn, environmentId, publication, publication.layout ?? 'standaard', noLinks),
  );
  return { ...withFallbacks(mail), webFonts: mail.webFonts };
}

/**
 * One recipient's web version of a sent publication, public or not (the caller checked the recipient's
 * signed link): rendered through the template and with the content the message was sent with, with the
 * recipient's merge values, without links of its own. Undefined when the publication or the template is gone.
 */
export async function renderPersonalWebVersion(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publicationId: string,
  templateId: string,
  values: MergeValues,
  /**
   * The content variant ('A' to 'D') the message was sent with, by an A/B test of content; a variant
   * removed since shows the publication's own blocks.
   */
  content?: string,
): Promise<WebVersion | undefined> {
  const variantId = content === undefined ? null : await findContentVariantId(db, publicationId, content);
  const publication = await findPublication(
    db,
    environmentId,
    publicationId,
    sql`(SELECT ${publicationTemplates.layout} FROM ${publicationTemplates}
         WHERE ${publicationTemplates.id} = ${templateId}
           AND ${publicationTemplates.publicationTypeId} = ${publications.publicationTypeId})`,
    variantId ?? null,
  );
  if (!publication || publication.layout === null) return undefined;
  const mail = await renderRead(readStored(cdn, environmentId, publication, publication.layout, noLinks));
  return {
    html: fillMergeFields(mail.html, values, escapeHtml),
    text: fillMergeFields(mail.text, values, (value) => value),
    webFonts: mail.webFonts,
  };
}

/**
 * The publication with everything its render reads, in one query: the environment's name,
 * its theme (with its web fonts) and logo file, the layout of the template `layout` selects (null when
 * there is none), the blocks in their order (its own, or those of the content variant `variantId`), the
 * media files their content names (a deleted file is simply absent), the fields of the type's repeatable
 * groups, the invitation and the senders (the publication's own name, the environment's).
 */
async function findPublication(
  db: Database,
  environmentId: string,
  publicationId: string,
  layout: SQL,
  variantId: string | null = null,
) {
  const [publication] = await db
    .select({
      id: publications.id,
      name: publications.name,
      subject: publications.subject,
      preheader: publications.preheader,
      publicationTypeId: publications.publicationTypeId,
      isPublic: publications.isPublic,
      layout: sql<string | null>`${layout}`,
      blocks: sql<StoredBlock[]>`(
        SELECT coalesce(json_agg(json_build_object(
                 'id', ${publicationBlocks.id}, 'type', ${publicationBlocks.blockType},
                 'content', ${publicationBlocks.content})
               ORDER BY ${publicationBlocks.position}, ${publicationBlocks.createdAt}), '[]'::json)
        FROM ${publicationBlocks}
        WHERE ${publicationBlocks.publicationId} = ${publications.id} AND ${blocksOfVariant(variantId)})`,
      groupFields: sql<Record<string, FieldDefinition[]>>`(
        SELECT coalesce(json_object_agg(${publicationRepeatableGroups.type}, ${publicationRepeatableGroups.fields}), '{}'::json)
        FROM ${publicationRepeatableGroups}
        WHERE ${publicationRepeatableGroups.publicationTypeId} = ${publications.publicationTypeId})`,
      files: sql<StoredFile[]>`(
        SELECT coalesce(json_agg(json_build_object('id', ${mediaFiles.id}, 'extension', ${mediaFiles.extension},
                                                   'friendlyName', ${mediaFiles.friendlyName})), '[]'::json)
        FROM ${mediaFiles}
        WHERE ${mediaFiles.environmentId} = ${publications.environmentId} AND ${mediaFiles.id} IN (
          SELECT CASE WHEN value ->> 'fileId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                      THEN (value ->> 'fileId')::uuid END
          FROM ${publicationBlocks}, jsonb_each(${publicationBlocks.content})
          WHERE ${publicationBlocks.publicationId} = ${publications.id} AND ${blocksOfVariant(variantId)}
            AND jsonb_typeof(value) = 'object'))`,
      invitation: invitationColumn,
      senderName: publications.senderName,
      environmentSender: {
        senderName: senderSettings.senderName,
        senderAddress: senderSettings.senderAddress,
        replyToAddress: senderSettings.replyToAddress,
      },
      ...themeLookColumns,
    })
    .from(publications)
    .innerJoin(environments, eq(environments.id, publications.environmentId))
    .leftJoin(themes, eq(themes.environmentId, environments.id))
    .leftJoin(headingFonts, eq(headingFonts.id, themes.headingFontId))
    .leftJoin(bodyFonts, eq(bodyFonts.id, themes.bodyFontId))
    .leftJoin(
      mediaFiles,
      and(eq(mediaFiles.id, themes.fileIdToLogo), eq(mediaFiles.environmentId, environments.id)),
    )
    .leftJoin(senderSettings, eq(senderSettings.environmentId, environments.id))
    .where(and(eq(publications.id, publicationId), eq(publications.environmentId, environmentId)));
  return publication;
}

/** The invitation as a render reads it (null when the publication is none), in a select from publications. */
const invitationColumn = sql<{ allowMaybe: boolean; cancelled: boolean } | null>`(
  SELECT json_build_object('allowMaybe', ${rsvpEvents.allowMaybe},
                           'cancelled', ${rsvpEvents.cancelledAt} IS NOT NULL)
  FROM ${rsvpEvents}
  WHERE ${rsvpEvents.publicationId} = ${publications.id} AND ${rsvpEvents.enabled})`;

/** A media file a block's content names (any field with a fileId), as findPublication reads it. */
interface StoredFile {
  id: string;
  extension: string;
  friendlyName: string;
}

/** A block as findPublication reads it. */
interface StoredBlock {
  id: string;
  type: string;
  content: RenderBlock['content'];
}

/** Who the publication comes from (its From line): its own sender name, else the environment's sender. */
function publicationFrom(publication: StoredPublication, mailFrom: string): string {
  const { senderName, senderAddress, replyToAddress } = publication.environmentSender ?? {};
  return fromLine(
    {
      senderName: senderName ?? null,
      senderAddress: senderAddress ?? null,
      replyToAddress: replyToAddress ?? null,
    },
    mailFrom,
    publication.senderName,
  );
}

type StoredPublication = NonNullable<Awaited<ReturnType<typeof findPublication>>>;

/** What a render of a stored publication reads: renderPublication's input, and the images it names. */
interface StoredRead {
  input: PublicationRenderInput;
  images: ImageFiles;
}

/** What the render needs, from the publication as findPublication read it. */
function readStored(
  cdn: CdnLocation,
  environmentId: string,
  publication: StoredPublication,
  layout: string,
  links: { unsubscribe: boolean; webVersion: boolean; rsvp?: boolean },
  {
    blockAnchors = false,
    keptBlocks,
  }: { blockAnchors?: boolean; keptBlocks?: PublicationRenderInput['keptBlocks'] } = {},
): StoredRead {
  // Only messages answer an invitation (never the web version); a cancelled event takes no answers.
  const invitation = links.unsubscribe && links.rsvp !== false ? publication.invitation : null;
  const blocks: RenderBlock[] = publication.blocks.map((block) => ({
    id: block.id,
    content: block.content,
    fields: publication.groupFields[block.type] ?? [],
  }));
  const images: ImageFiles = new Map(publication.files.map((file) => [file.id, file]));
  const logoUrl =
    publication.logoId && publication.logoExtension
      ? cdnImageUrl(
          cdn,
          { environmentId, fileId: publication.logoId, extension: publication.logoExtension },
          logoSize,
        )
      : null;
  const style = themeStyle(renderTheme(publication, logoUrl));
  const input: PublicationRenderInput = {
    layout,
    style,
    title: publication.name,
    environmentName: publication.environmentName,
    preheader: publication.preheader,
    blocks,
    unsubscribeLink: links.unsubscribe,
    webVersionLink: links.webVersion,
    blockAnchors,
    keptBlocks,
    rsvp: invitation && !invitation.cancelled ? { allowMaybe: invitation.allowMaybe } : undefined,
    image(fileId, size) {
      const file = images.get(fileId);
      return file
        ? {
            url: cdnImageUrl(
              cdn,
              { environmentId, fileId, extension: file.extension },
              { ...size, crop: true },
            ),
            name: file.friendlyName,
          }
        : undefined;
    },
  };
  return { input, images };
}

/** Renders what readStored read; with the web fonts the theme asks for. */
async function renderRead({ input }: StoredRead): Promise<WebVersion> {
  return { ...(await renderPublication(input)), webFonts: input.style.webFonts };
}

type ImageFiles = Map<string, { extension: string; friendlyName: string }>;

/**
 * A preview shows each merge field's fallback (there is no recipient). A preview's unsubscribe link reads
 * as a recipient's does (the public address, /u/ and a personal part), so staff see the footer as sent.
 */
function withFallbacks(mail: RenderedMail, values: MergeValues = {}): RenderedMail {
  return {
    html: fillMergeFields(mail.html, values, escapeHtml),
    text: fillMergeFields(mail.text, values, (value) => value),
  };
}

/** The example unsubscribe link of a preview: each recipient gets a signed one in its place. */
export function previewUnsubscribeUrl(cdn: CdnLocation): string {
  return `${cdn.publicUrl}${unsubscribePrefix}/jouw-persoonlijke-code`;
}
