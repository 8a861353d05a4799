import { and, asc, eq, inArray } from 'drizzle-orm';
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
import { cdnImageUrl, type CdnLocation } from '../rendering/imageUrl';
import { escapeHtml } from '../rendering/escapeHtml';
import { fillMergeFields } from '../rendering/mergeFields';
import { renderPublication, type RenderBlock, type RenderedMail } from '../rendering/renderPublication';
import { themeStyle } from '../rendering/themeStyle';

/** The logo is shown 160 px wide; fetched at twice that for sharp screens, fitted (never cropped). */
const logoSize = { width: 320, height: 160, crop: false };

/**
 * A publication of the environment rendered through one of its type's templates, as a preview: merge
 * fields show their fallback, `{{unsubscribeUrl}}` stays for the delivery. 404 for an unknown publication
 * (or another environment's); 400 naming `templateId` for a template that is not of the publication's type.
 */
export async function renderPublicationPreview(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publicationId: string,
  templateId: string,
): Promise<RenderedMail> {
  const publication = await findPublication(db, environmentId, publicationId);
  if (!publication) throw notFound('De publicatie');
  const [template] = await db
    .select({ layout: publicationTemplates.layout })
    .from(publicationTemplates)
    .where(
      and(
        eq(publicationTemplates.id, templateId),
        eq(publicationTemplates.publicationTypeId, publication.publicationTypeId),
      ),
    );
  if (!template) {
    throw badRequest(
      'templateId',
      "Het veld 'templateId' verwijst niet naar een template van het publicatietype van deze publicatie.",
    );
  }
  const mail = await renderStored(db, cdn, environmentId, publication, template.layout, true);
  return withFallbacks(mail);
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
): Promise<RenderedMail | undefined> {
  const publication = await findPublication(db, environmentId, publicationId);
  if (!publication?.isPublic) return undefined;
  const [template] = await db
    .select({ layout: publicationTemplates.layout })
    .from(publicationTemplates)
    .where(eq(publicationTemplates.publicationTypeId, publication.publicationTypeId))
    .orderBy(asc(publicationTemplates.position), asc(publicationTemplates.name))
    .limit(1);
  const mail = await renderStored(
    db,
    cdn,
    environmentId,
    publication,
    template?.layout ?? 'standaard',
    false,
  );
  return withFallbacks(mail);
}

interface StoredPublication {
  id: string;
  name: string;
  publicationTypeId: string;
  isPublic: boolean;
}

async function findPublication(
  db: Database,
  environmentId: string,
  publicationId: string,
): Promise<StoredPublication | undefined> {
  const [publication] = await db
    .select({
      id: publications.id,
      name: publications.name,
      publicationTypeId: publications.publicationTypeId,
      isPublic: publications.isPublic,
    })
    .from(publications)
    .where(and(eq(publications.id, publicationId), eq(publications.environmentId, environmentId)));
  return publication;
}

/** Reads what a render needs (environment, theme and logo, blocks with their fields, images) in four queries. */
async function renderStored(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
  publication: StoredPublication,
  layout: string,
  unsubscribeLink: boolean,
): Promise<RenderedMail> {
  const [environment] = await db
    .select({
      name: environments.name,
      themeName: themes.name,
      primaryColor: themes.primaryColor,
      logoId: mediaFiles.id,
      logoExtension: mediaFiles.extension,
    })
    .from(environments)
    .leftJoin(themes, eq(themes.environmentId, environments.id))
    .leftJoin(
      mediaFiles,
      and(eq(mediaFiles.id, themes.fileIdToLogo), eq(mediaFiles.environmentId, environments.id)),
    )
    .where(eq(environments.id, environmentId));

  const blocks: RenderBlock[] = (
    await db
      .select({ content: publicationBlocks.content, fields: publicationRepeatableGroups.fields })
      .from(publicationBlocks)
      .leftJoin(
        publicationRepeatableGroups,
        and(
          eq(publicationRepeatableGroups.publicationTypeId, publication.publicationTypeId),
          eq(publicationRepeatableGroups.type, publicationBlocks.blockType),
        ),
      )
      .where(eq(publicationBlocks.publicationId, publication.id))
      .orderBy(asc(publicationBlocks.position), asc(publicationBlocks.createdAt))
  ).map((block) => ({ content: block.content, fields: block.fields ?? [] }));

  const images = await readImages(db, environmentId, blocks);
  const logoUrl =
    environment.logoId && environment.logoExtension
      ? cdnImageUrl(
          cdn,
          { environmentId, fileId: environment.logoId, extension: environment.logoExtension },
          logoSize,
        )
      : null;
  return renderPublication({
    layout,
    style: themeStyle({ name: environment.themeName, primaryColor: environment.primaryColor, logoUrl }),
    title: publication.name,
    environmentName: environment.name,
    blocks,
    unsubscribeLink,
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

/** A preview shows each merge field's fallback (there is no recipient); the unsubscribe placeholder stays. */
function withFallbacks(mail: RenderedMail): RenderedMail {
  return {
    html: fillMergeFields(mail.html, {}, escapeHtml),
    text: fillMergeFields(mail.text, {}, (value) => value),
  };
}
