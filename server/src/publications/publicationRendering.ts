import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FieldDefinition, ImageValue } from '../contract/publications';
import type { Database } from '../db/client';
import {
  environments,
  mediaFiles,
  publicationBlocks,
  publicationRepeatableGroups,
  publicationTemplates,
  publications,
  themes,
} from '../db/schema';
import { badRequest, notFound } from '../errors';
import { blocksOfVariant } from './blocks';
import { contentVariantId } from './contentVariants';
import { previewRecipientValues } from './previewRecipient';
import { cdnImageUrl, type CdnLocation } from '../rendering/imageUrl';
import { escapeHtml } from '../rendering/escapeHtml';
import { fillMergeFields, type MergeValues } from '../rendering/mergeFields';
import { renderPublication, type RenderBlock, type RenderedMail } from '../rendering/renderPublication';
import { themeStyle, type TemplateWebFont } from '../rendering/themeStyle';
import { unsubscribePrefix } from '../delivery/unsubscribePath';
import { previewPreferenceUrl } from '../preferences/preferenceAddress';
import { invitationOf } from '../rsvp/invitees';
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
  const publication = await findPublication(
    db,
    environmentId,
    publicationId,
    sql`(SELECT ${publicationTemplates.layout} FROM ${publicationTemplates}
         WHERE ${publicationTemplates.id} = ${templateId}
           AND ${publicationTemplates.publicationTypeId} = ${publications.publicationTypeId})`,
  );
  if (!publication) throw notFound('De publicatie');
  if (publication.layout === null) {
    throw badRequest('templateId', 'Deze template hoort niet bij het publicatietype van deze publicatie.');
  }
  const variantId = await contentVariantId(db, publication.id, variant, 'variant');
  const recipient =
    recipientEmail === undefined ? {} : await previewRecipientValues(db, environmentId, recipientEmail);
  const mail = withFallbacks(
    await renderStored(db, cdn, environmentId, publication, publication.layout, messageLinks, {
      blockAnchors: true,
      variantId,
    }),
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
  const stored = await findPublication(
    db,
    environmentId,
    publicationId,
    sql`(SELECT ${publicationTemplates.layout} FROM ${publicationTemplates}
         WHERE ${publicationTemplates.id} = ${templateId}
           AND ${publicationTemplates.publicationTypeId} = ${publications.publicationTypeId})`,
  );
  if (!stored || stored.layout === null) return undefined;
  const publication = {
    ...stored,
    subject: overrides.subject ?? stored.subject,
    preheader: overrides.preheader ?? stored.preheader,
  };
  const variantId =
    overrides.content === undefined
      ? null
      : await contentVariantId(db, stored.id, overrides.content, 'content');
  const mail = await renderStored(
    db,
    cdn,
    environmentId,
    publication,
    stored.layout,
    { ...messageLinks, rsvp },
    { variantId },
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
  const mail = await renderStored(
    db,
    cdn,
    environmentId,
    publication,
    publication.layout ?? 'standaard',
    noLinks,
  );
  return { ...withFallbacks(mail), webFonts: mail.webFonts };
}

/**
 * One recipient's web version of a sent publication, public or not (the caller checked the recipient's
 * signed link): rendered through the template the message was sent with, with the recipient's merge
 * values, without links of its own. Undefined when the publication or the template is gone.
 */
export async function renderPersonalWebVersion(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publicationId: string,
  templateId: string,
  values: MergeValues,
): Promise<WebVersion | undefined> {
  const publication = await findPublication(
    db,
    environmentId,
    publicationId,
    sql`(SELECT ${publicationTemplates.layout} FROM ${publicationTemplates}
         WHERE ${publicationTemplates.id} = ${templateId}
           AND ${publicationTemplates.publicationTypeId} = ${publications.publicationTypeId})`,
  );
  if (!publication || publication.layout === null) return undefined;
  const mail = await renderStored(db, cdn, environmentId, publication, publication.layout, noLinks);
  return {
    html: fillMergeFields(mail.html, values, escapeHtml),
    text: fillMergeFields(mail.text, values, (value) => value),
    webFonts: mail.webFonts,
  };
}

/**
 * The publication with what its render needs besides the blocks, in one query: the environment's name,
 * its theme (with its web fonts) and logo file, and the layout of the template `layout` selects (null
 * when there is none).
 */
async function findPublication(db: Database, environmentId: string, publicationId: string, layout: SQL) {
  const [publication] = await db
    .select({
      id: publications.id,
      name: publications.name,
      subject: publications.subject,
      preheader: publications.preheader,
      publicationTypeId: publications.publicationTypeId,
      isPublic: publications.isPublic,
      layout: sql<string | null>`${layout}`,
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
    .where(and(eq(publications.id, publicationId), eq(publications.environmentId, environmentId)));
  return publication;
}

type StoredPublication = NonNullable<Awaited<ReturnType<typeof findPublication>>>;

/**
 * Renders with the blocks (their fields joined) and their images: two more queries, one without images.
 * The blocks are the publication's own, or those of the content variant `variantId`.
 */
async function renderStored(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publication: StoredPublication,
  layout: string,
  links: { unsubscribe: boolean; webVersion: boolean; rsvp?: boolean },
  { blockAnchors = false, variantId = null }: { blockAnchors?: boolean; variantId?: string | null } = {},
): Promise<WebVersion> {
  // Only messages answer an invitation (never the web version); a cancelled event takes no answers.
  const invitation =
    links.unsubscribe && links.rsvp !== false ? await invitationOf(db, publication.id) : undefined;
  const blocks: RenderBlock[] = (
    await db
      .select({
        id: publicationBlocks.id,
        content: publicationBlocks.content,
        fields: publicationRepeatableGroups.fields,
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
      .orderBy(asc(publicationBlocks.position), asc(publicationBlocks.createdAt))
  ).map((block) => ({ id: block.id, content: block.content, fields: block.fields ?? [] }));

  const images = await readImages(db, environmentId, blocks);
  const logoUrl =
    publication.logoId && publication.logoExtension
      ? cdnImageUrl(
          cdn,
          { environmentId, fileId: publication.logoId, extension: publication.logoExtension },
          logoSize,
        )
      : null;
  const style = themeStyle(renderTheme(publication, logoUrl));
  const mail = await renderPublication({
    layout,
    style,
    title: publication.name,
    environmentName: publication.environmentName,
    preheader: publication.preheader,
    blocks,
    unsubscribeLink: links.unsubscribe,
    webVersionLink: links.webVersion,
    blockAnchors,
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
  });
  return { ...mail, webFonts: style.webFonts };
}

/** The environment's files that the blocks' image fields name (a deleted file is simply absent). */
async function readImages(db: Database, environmentId: string, blocks: readonly RenderBlock[]) {
  const fileIds = [
    ...new Set(
      blocks.flatMap((block) =>
        block.fields
          .filter((field: FieldDefinition) => field.kind === 'image')
          .map((field) => (block.content[field.name] as ImageValue | undefined)?.fileId)
          .filter((fileId): fileId is string => typeof fileId === 'string'),
      ),
    ),
  ];
  if (fileIds.length === 0) return new Map<string, { extension: string; friendlyName: string }>();
  const files = await db
    .select({ id: mediaFiles.id, extension: mediaFiles.extension, friendlyName: mediaFiles.friendlyName })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.environmentId, environmentId), inArray(mediaFiles.id, fileIds)));
  return new Map(files.map((file) => [file.id, file]));
}

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
