import { alias } from 'drizzle-orm/pg-core';
import { environments, mediaFiles, themeFonts, themes } from '../db/schema';
import type { RenderTheme } from '../rendering/themeStyle';

// An environment's look as one query reads it, for everything that wears the theme: a publication
// (publications/publicationRendering.ts) and the public pages (publicPages/pageLook.ts). The query joins
// `themes` on the environment, the two font aliases on the theme's font ids and `mediaFiles` on the logo.

/** The theme's web fonts, joined twice: as the heading font and as the body font. */
export const headingFonts = alias(themeFonts, 'heading_fonts');
export const bodyFonts = alias(themeFonts, 'body_fonts');

/** The columns of the environment's look, to spread into a select. */
export const themeLookColumns = {
  environmentName: environments.name,
  themeName: themes.name,
  primaryColor: themes.primaryColor,
  secondaryColor: themes.secondaryColor,
  textColor: themes.textColor,
  backgroundColor: themes.backgroundColor,
  linkColor: themes.linkColor,
  buttonTextColor: themes.buttonTextColor,
  headingSystemFont: themes.headingSystemFont,
  headingFontIdentifier: headingFonts.fontIdentifier,
  headingFontSrcUrl: headingFonts.srcUrl,
  bodySystemFont: themes.bodySystemFont,
  bodyFontIdentifier: bodyFonts.fontIdentifier,
  bodyFontSrcUrl: bodyFonts.srcUrl,
  baseSize: themes.baseSize,
  lineHeight: themes.lineHeight,
  advancedCss: themes.advancedCss,
  logoId: mediaFiles.id,
  logoExtension: mediaFiles.extension,
};

/** A row read with `themeLookColumns` (the theme's columns are null without a theme). */
export interface ThemeLookRow {
  themeName: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  textColor: string | null;
  backgroundColor: string | null;
  linkColor: string | null;
  buttonTextColor: string | null;
  headingSystemFont: string | null;
  headingFontIdentifier: string | null;
  headingFontSrcUrl: string | null;
  bodySystemFont: string | null;
  bodyFontIdentifier: string | null;
  bodyFontSrcUrl: string | null;
  baseSize: number | null;
  lineHeight: number | null;
  advancedCss: string | null;
}

/** The stored theme as rendering reads it; `themeStyle` checks every value again. */
export function renderTheme(row: ThemeLookRow, logoUrl: string | null): RenderTheme {
  const font = (systemFont: string | null, fontIdentifier: string | null, srcUrl: string | null) => ({
    systemFont,
    webFont: fontIdentifier && srcUrl ? { fontIdentifier, srcUrl } : null,
  });
  return {
    name: row.themeName,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    textColor: row.textColor,
    backgroundColor: row.backgroundColor,
    linkColor: row.linkColor,
    buttonTextColor: row.buttonTextColor,
    headingFont: font(row.headingSystemFont, row.headingFontIdentifier, row.headingFontSrcUrl),
    bodyFont: font(row.bodySystemFont, row.bodyFontIdentifier, row.bodyFontSrcUrl),
    baseSize: row.baseSize,
    lineHeight: row.lineHeight,
    advancedCss: row.advancedCss,
    logoUrl,
  };
}
