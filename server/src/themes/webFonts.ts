import { and, asc, eq, or, sql } from 'drizzle-orm';
import {
  fontIdentifierPattern,
  webFontFieldNames,
  type CreateWebFontBody,
  type WebFont,
  type WebFontPage,
} from '../contract/themes';
import type { Database } from '../db/client';
import { violatesForeignKey, violatesUniqueConstraint } from '../db/constraintViolation';
import { themeFonts, themes } from '../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { requiredText } from '../http/inputText';

// A theme's web fonts (spec §3: fontIdentifier, srcUrl). Publications load the font's stylesheet and
// name the family in their CSS; typography refers to a font by id, which refuses deleting it meanwhile.

/** A theme has few fonts; the bound keeps one list read small and the compiled-layout key short. */
export const maxFontsPerTheme = 50;

/** Hosts that serve font stylesheets at paths not ending in .css. */
const cssHosts: Record<string, RegExp> = {
  'fonts.googleapis.com': /^\/css2?$/,
  'fonts.bunny.net': /^\/css2?$/,
  'use.typekit.net': /^\/[a-z0-9]+\.css$/,
};

/**
 * Where a known stylesheet host serves its font files from (a page's CSP `font-src` must allow them). A
 * stylesheet elsewhere is taken to serve its fonts from its own origin, as self-hosted fonts do.
 */
const fontFileHosts: Record<string, readonly string[]> = {
  'fonts.googleapis.com': ['fonts.gstatic.com'],
  'fonts.bunny.net': ['fonts.bunny.net'],
  'use.typekit.net': ['use.typekit.net'],
};

/** The origins a page must allow for a web font: its stylesheet's (`style-src`) and its files' (`font-src`). */
export function webFontOrigins(srcUrl: string): { stylesheet: string; fonts: string[] } | undefined {
  let url: URL;
  try {
    url = new URL(srcUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  const known = fontFileHosts[url.hostname.toLowerCase()];
  return {
    stylesheet: url.origin,
    fonts: known ? known.map((host) => `https://${host}`) : [url.origin],
  };
}

const fontColumns = {
  id: themeFonts.id,
  fontIdentifier: themeFonts.fontIdentifier,
  srcUrl: themeFonts.srcUrl,
  createdAt: themeFonts.createdAt,
};

const toWebFont = (row: {
  id: string;
  fontIdentifier: string;
  srcUrl: string;
  createdAt: Date;
}): WebFont => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const identifierPattern = new RegExp(fontIdentifierPattern, 'u');

/** The trimmed family name, or a 400 naming fontIdentifier. */
export function checkedFontIdentifier(value: string | undefined): string {
  const identifier = requiredText(value, 'fontIdentifier', webFontFieldNames.fontIdentifier);
  if (!identifierPattern.test(identifier)) {
    throw badRequest(
      'fontIdentifier',
      'De naam van een webfont mag alleen letters, cijfers, spaties, - en _ bevatten, zoals Open Sans.',
    );
  }
  return identifier;
}

/** The URL as given, when it is an absolute https:// URL of a stylesheet; else a 400 naming srcUrl. */
export function checkedStylesheetUrl(value: string | undefined): string {
  const text = requiredText(value, 'srcUrl', webFontFieldNames.srcUrl);
  const refuse = () =>
    badRequest(
      'srcUrl',
      'URL moet een volledige https://-URL naar een CSS-bestand zijn, zoals https://fonts.googleapis.com/css2?family=Open+Sans.',
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname.includes('.'))
    throw refuse();
  const knownHost = cssHosts[url.hostname.toLowerCase()];
  const isStylesheet = url.pathname.toLowerCase().endsWith('.css') || knownHost?.test(url.pathname) === true;
  if (!isStylesheet) throw refuse();
  return url.href;
}

/** 404 unless the theme is the environment's. */
async function requireTheme(db: Database, environmentId: string, themeId: string): Promise<void> {
  const [theme] = await db
    .select({ id: themes.id })
    .from(themes)
    .where(and(eq(themes.id, themeId), eq(themes.environmentId, environmentId)));
  if (!theme) throw notFound('Het thema');
}

export async function listWebFonts(
  db: Database,
  environmentId: string,
  themeId: string,
): Promise<WebFontPage> {
  await requireTheme(db, environmentId, themeId);
  const rows = await db
    .select(fontColumns)
    .from(themeFonts)
    .where(eq(themeFonts.themeId, themeId))
    .orderBy(asc(sql`lower(${themeFonts.fontIdentifier})`));
  return { data: rows.map(toWebFont), total: rows.length };
}

/** Adds a web font; 409 when the theme has one of that name (in any case) or has the maximum. */
export async function createWebFont(
  db: Database,
  environmentId: string,
  themeId: string,
  body: CreateWebFontBody,
): Promise<WebFont> {
  // Another environment's theme answers 404 before the fields are judged.
  await requireTheme(db, environmentId, themeId);
  const fontIdentifier = checkedFontIdentifier(body.fontIdentifier);
  const srcUrl = checkedStylesheetUrl(body.srcUrl);
  try {
    return await db.transaction(async (tx) => {
      // The theme row lock serialises additions, so the maximum holds.
      const [theme] = await tx
        .select({ id: themes.id })
        .from(themes)
        .where(and(eq(themes.id, themeId), eq(themes.environmentId, environmentId)))
        .for('update');
      if (!theme) throw notFound('Het thema');
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(themeFonts)
        .where(eq(themeFonts.themeId, themeId));
      if (count >= maxFontsPerTheme) {
        throw conflict(`Een thema heeft hoogstens ${maxFontsPerTheme} webfonts; verwijder er eerst een.`);
      }
      const [created] = await tx
        .insert(themeFonts)
        .values({ themeId, fontIdentifier, srcUrl })
        .returning(fontColumns);
      return toWebFont(created);
    });
  } catch (error) {
    if (violatesUniqueConstraint(error, 'theme_fonts_identifier_unique')) {
      throw new ApiError(
        409,
        `Dit thema heeft al een webfont met de naam '${fontIdentifier}'.`,
        'fontIdentifier',
      );
    }
    throw error;
  }
}

const inUseMessage =
  'Deze webfont wordt gebruikt door de typografie van het thema; kies daar eerst een ander lettertype.';

/** Deletes a web font; 409 while the theme's heading or body font is this font (the foreign key guards races). */
export async function deleteWebFont(db: Database, environmentId: string, themeId: string, fontId: string) {
  await requireTheme(db, environmentId, themeId);
  const [usedBy] = await db
    .select({ id: themes.id })
    .from(themes)
    .where(and(eq(themes.id, themeId), or(eq(themes.headingFontId, fontId), eq(themes.bodyFontId, fontId))));
  if (usedBy) throw new ApiError(409, inUseMessage, 'fontId');
  let deleted: { id: string }[];
  try {
    deleted = await db
      .delete(themeFonts)
      .where(and(eq(themeFonts.id, fontId), eq(themeFonts.themeId, themeId)))
      .returning({ id: themeFonts.id });
  } catch (error) {
    if (violatesForeignKey(error)) throw new ApiError(409, inUseMessage, 'fontId');
    throw error;
  }
  if (deleted.length === 0) throw notFound('De webfont');
}
