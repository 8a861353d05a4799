import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/preparedQuery';
import { environments, mediaFiles, themes } from '../db/schema';
import { cdnImageUrl, type CdnLocation } from '../rendering/imageUrl';
import { defaultTemplateStyle, themeStyle, type TemplateStyle } from '../rendering/themeStyle';
import { bodyFonts, headingFonts, renderTheme, themeLookColumns } from '../themes/themeLook';

/** What a public page wears: the environment's name (the logo's text) and its theme as template values. */
export interface PageLook {
  environmentName: string;
  style: TemplateStyle;
}

/** The look of a page that belongs to no environment (a link that names none): the platform's defaults. */
export const neutralLook: PageLook = { environmentName: '', style: defaultTemplateStyle };

/** The logo is shown at most 64 px high; fetched at twice that for sharp screens, fitted (never cropped). */
const logoSize = { width: 480, height: 128, crop: false };

/** The look's query, prepared once: every public page (an RSVP answer, a form, a web version) asks it. */
const lookQuery = preparedPerDatabase((db) =>
  db
    .select(themeLookColumns)
    .from(environments)
    .leftJoin(themes, eq(themes.environmentId, environments.id))
    .leftJoin(headingFonts, eq(headingFonts.id, themes.headingFontId))
    .leftJoin(bodyFonts, eq(bodyFonts.id, themes.bodyFontId))
    .leftJoin(
      mediaFiles,
      and(eq(mediaFiles.id, themes.fileIdToLogo), eq(mediaFiles.environmentId, environments.id)),
    )
    .where(eq(environments.id, sql.placeholder('environmentId')))
    .prepare('public_page_look'),
);

/**
 * The environment's look for its public pages, in one query: its name, its theme's colours and fonts
 * (web fonts with their stylesheets) and its logo on the CDN. `themeStyle` checks every value again and
 * fills what is missing, as for a publication. Undefined for an unknown environment.
 */
export async function loadPageLook(
  db: Database,
  cdn: CdnLocation,
  environmentId: string,
): Promise<PageLook | undefined> {
  const [row] = await lookQuery(db).execute({ environmentId });
  if (!row) return undefined;
  const logoUrl =
    row.logoId && row.logoExtension
      ? cdnImageUrl(cdn, { environmentId, fileId: row.logoId, extension: row.logoExtension }, logoSize)
      : null;
  return {
    environmentName: row.environmentName,
    // The public pages wear the theme's colours, fonts and logo, not the publications' advanced CSS.
    style: themeStyle({ ...renderTheme(row, logoUrl), advancedCss: null }),
  };
}
