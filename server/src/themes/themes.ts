import { and, eq } from 'drizzle-orm';
import type { CreateThemeBody, Theme, UpdateThemeBody } from '../contract/themes';
import type { Database } from '../db/client';
import { mediaFiles, themeFonts, themes } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { requiredText } from '../http/inputText';
import { isImageExtension } from '../media/mediaTypes';
import { checkedAdvancedCss } from './advancedCss';
import { fontChoiceValue, isSystemFontKey, type StoredFontChoice } from './fontChoice';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';
import { fieldLabel } from '../contract/fieldLabels';

// The environment's theme: one per environment, every query scoped by the environment id, so another
// environment's theme id answers 404 like an unknown one.

const themeColumns = {
  id: themes.id,
  name: themes.name,
  primaryColor: themes.primaryColor,
  secondaryColor: themes.secondaryColor,
  textColor: themes.textColor,
  backgroundColor: themes.backgroundColor,
  linkColor: themes.linkColor,
  buttonTextColor: themes.buttonTextColor,
  headingFontId: themes.headingFontId,
  headingSystemFont: themes.headingSystemFont,
  bodyFontId: themes.bodyFontId,
  bodySystemFont: themes.bodySystemFont,
  baseSize: themes.baseSize,
  lineHeight: themes.lineHeight,
  advancedCss: themes.advancedCss,
  fileIdToLogo: themes.fileIdToLogo,
};

type ThemeRow = { [K in keyof typeof themeColumns]: (typeof themeColumns)[K]['_']['data'] | null };

function toTheme(row: ThemeRow): Theme {
  const { headingFontId, headingSystemFont, bodyFontId, bodySystemFont, ...rest } = row;
  return {
    ...(rest as Omit<Theme, 'headingFont' | 'bodyFont'>),
    headingFont: fontChoiceValue({ fontId: headingFontId, systemFont: headingSystemFont }),
    bodyFont: fontChoiceValue({ fontId: bodyFontId, systemFont: bodySystemFont }),
  };
}

/** The environment's theme, or a 404 (the console then shows onboarding). */
export async function readEnvironmentTheme(db: Database, environmentId: string): Promise<Theme> {
  const [row] = await db
    .select(themeColumns)
    .from(themes)
    .where(eq(themes.environmentId, environmentId))
    .limit(1);
  if (!row) throw notFound('Het thema');
  return toTheme(row);
}

/** The theme by id within the environment, or a 404. */
export async function readTheme(db: Database, environmentId: string, themeId: string): Promise<Theme> {
  const [row] = await db
    .select(themeColumns)
    .from(themes)
    .where(and(eq(themes.id, themeId), eq(themes.environmentId, environmentId)))
    .limit(1);
  if (!row) throw notFound('Het thema');
  return toTheme(row);
}

/** Creates the environment's theme (onboarding); 409 when it has one. Links start in the primary colour. */
export async function createTheme(
  db: Database,
  environmentId: string,
  body: CreateThemeBody,
): Promise<Theme> {
  const name = requiredText(body.name, 'name', 'Naam');
  const primaryColor = body.primaryColor.toLowerCase();
  const [created] = await db
    .insert(themes)
    .values({ environmentId, name, primaryColor, linkColor: primaryColor })
    .onConflictDoNothing({ target: themes.environmentId })
    .returning(themeColumns);
  if (!created) throw conflict('Deze omgeving heeft al een thema.');
  return toTheme(created);
}

const noChangesMessage = 'De aanvraag bevat geen velden om te wijzigen.';

const colorFields = [
  'primaryColor',
  'secondaryColor',
  'textColor',
  'backgroundColor',
  'linkColor',
  'buttonTextColor',
] as const;

/**
 * Applies a partial update. Every field is checked (fonts of this theme, the logo an image of this
 * environment, the CSS) before one UPDATE stores them all, so a bad field leaves the theme as it was.
 * The theme row is locked first (so another environment's theme answers 404 before any field is judged):
 * deleting the logo file locks it too (media/themeLogo.ts), so a logo cannot be set to a file that is
 * being deleted.
 */
export async function updateTheme(
  db: Database,
  environmentId: string,
  themeId: string,
  body: UpdateThemeBody,
  actor: LogActor,
): Promise<Theme> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: themes.id })
      .from(themes)
      .where(and(eq(themes.id, themeId), eq(themes.environmentId, environmentId)))
      .for('update');
    if (!locked) throw notFound('Het thema');
    const changes: Partial<typeof themes.$inferInsert> = {};
    if (body.name !== undefined) changes.name = requiredText(body.name, 'name', 'Naam');
    for (const colorField of colorFields) {
      const value = body[colorField];
      if (value !== undefined) changes[colorField] = value.toLowerCase();
    }
    if (body.baseSize !== undefined) changes.baseSize = body.baseSize;
    if (body.lineHeight !== undefined) changes.lineHeight = body.lineHeight;
    if (body.advancedCss !== undefined) changes.advancedCss = checkedAdvancedCss(body.advancedCss);
    const fontOrLogo = [body.headingFont, body.bodyFont, body.fileIdToLogo].some(
      (value) => value !== undefined,
    );
    // Unknown fields are dropped by validation, so a body of only those arrives empty.
    if (Object.keys(changes).length === 0 && !fontOrLogo) throw badRequest('body', noChangesMessage);
    if (body.headingFont !== undefined) {
      const choice = await fontChoice(tx, themeId, body.headingFont, 'headingFont');
      changes.headingFontId = choice.fontId;
      changes.headingSystemFont = choice.systemFont;
    }
    if (body.bodyFont !== undefined) {
      const choice = await fontChoice(tx, themeId, body.bodyFont, 'bodyFont');
      changes.bodyFontId = choice.fontId;
      changes.bodySystemFont = choice.systemFont;
    }
    if (body.fileIdToLogo !== undefined) {
      changes.fileIdToLogo = body.fileIdToLogo && (await logoFile(tx, environmentId, body.fileIdToLogo));
    }
    const [updated] = await tx
      .update(themes)
      .set(changes)
      .where(eq(themes.id, themeId))
      .returning(themeColumns);
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'settings.changed',
      resource: { type: 'theme', id: themeId, label: updated.name },
      // The names of the changed settings, never their values (the advanced CSS may be long).
      detail: Object.keys(body)
        .map((field) => fieldLabel(field))
        .join(', '),
    });
    return toTheme(updated);
  });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A system stack key, or the id of one of this theme's web fonts; else a 400 naming the field. */
async function fontChoice(
  tx: Database,
  themeId: string,
  value: string,
  field: string,
): Promise<StoredFontChoice> {
  if (isSystemFontKey(value)) return { fontId: null, systemFont: value };
  if (uuidPattern.test(value)) {
    const [font] = await tx
      .select({ id: themeFonts.id })
      .from(themeFonts)
      .where(and(eq(themeFonts.id, value.toLowerCase()), eq(themeFonts.themeId, themeId)));
    if (font) return { fontId: font.id, systemFont: null };
  }
  throw badRequest(field, 'Kies een webfont van dit thema of een van de systeemlettertypen.');
}

/** The id of an image file of the environment (locked against deletion until the commit), else a 400. */
async function logoFile(tx: Database, environmentId: string, fileId: string): Promise<string> {
  const [file] = await tx
    .select({ id: mediaFiles.id, extension: mediaFiles.extension })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.environmentId, environmentId)))
    .for('share');
  if (!file)
    throw badRequest(
      'fileIdToLogo',
      'Het logo moet een bestand uit de mediabibliotheek van deze omgeving zijn.',
    );
  if (!isImageExtension(file.extension))
    throw badRequest('fileIdToLogo', 'Het logo moet een afbeelding zijn.');
  return file.id;
}
