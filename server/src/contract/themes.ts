import { Type, type Static } from '@sinclair/typebox';
import { HexColor, MultilineText, Nullable, Page, Text, Uuid } from './common';

/**
 * The safe system font stacks a theme may use for headings and body text besides its own web fonts:
 * fonts every mail client and browser has, so nothing is fetched. Plain values, so that the console's
 * typography page lists the same choices (`key` is what a theme stores, `label` what a person reads).
 */
export const systemFontStacks = [
  { key: 'arial', label: 'Arial', fontFamily: 'Arial, Helvetica, sans-serif' },
  { key: 'verdana', label: 'Verdana', fontFamily: 'Verdana, Geneva, sans-serif' },
  { key: 'trebuchet', label: 'Trebuchet MS', fontFamily: "'Trebuchet MS', Tahoma, sans-serif" },
  {
    key: 'system',
    label: 'Systeemlettertype',
    fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  },
  { key: 'georgia', label: 'Georgia', fontFamily: "Georgia, 'Times New Roman', serif" },
  { key: 'times', label: 'Times New Roman', fontFamily: "'Times New Roman', Times, serif" },
  { key: 'courier', label: 'Courier New', fontFamily: "'Courier New', Courier, monospace" },
] as const;
export type SystemFontKey = (typeof systemFontStacks)[number]['key'];

/** Bounds of the typography settings (the console's inputs use the same). */
export const baseSizeRange = { minimum: 12, maximum: 24 } as const;
export const lineHeightRange = { minimum: 1, maximum: 2 } as const;
export const advancedCssMaxLength = 20_000;
/** A web font's family name: letters, digits, spaces, hyphens and underscores (it is written into CSS). */
export const fontIdentifierPattern = '^[\\p{L}\\p{N}][\\p{L}\\p{N} _-]*$';

const FontChoice = Text({
  maxLength: 100,
  description:
    "A key of `systemFontStacks` (e.g. 'georgia') or the id of one of the theme's web fonts (GET /themes/{themeId}/fonts).",
});

/** An environment's theme (GET /themes); the console shows onboarding when there is none (404). */
export const Theme = Type.Object({
  id: Uuid,
  name: Type.String(),
  primaryColor: Type.String({ description: 'Header, buttons and accents; CSS hex colour, e.g. #1f5fa8.' }),
  secondaryColor: Type.String({ description: 'Background around the content of a publication.' }),
  textColor: Type.String(),
  backgroundColor: Type.String({ description: 'Background of the content of a publication.' }),
  linkColor: Type.String(),
  buttonTextColor: Type.String({ description: 'Text on buttons (which have the primary colour).' }),
  headingFont: FontChoice,
  bodyFont: FontChoice,
  baseSize: Type.Integer({ ...baseSizeRange, description: 'Base text size in px.' }),
  lineHeight: Type.Number(lineHeightRange),
  advancedCss: Type.String({ description: 'Extra CSS rules for publications.' }),
  fileIdToLogo: Nullable(Uuid),
});
export type Theme = Static<typeof Theme>;

/** POST /themes (extension, used by onboarding): creates the environment's theme. */
export const CreateThemeBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  primaryColor: HexColor(),
});
export type CreateThemeBody = Static<typeof CreateThemeBody>;

/**
 * PUT /themes/{themeId} (extension): a partial update; only the fields sent change, so each settings page
 * sends its own part. All are checked before anything is stored; a body without any known field is a
 * 400 naming `body` (answered after the theme is found, so another environment's theme is a 404 first).
 * `fileIdToLogo: null` removes the logo.
 */
export const UpdateThemeBody = Type.Object({
  name: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
  primaryColor: Type.Optional(HexColor()),
  secondaryColor: Type.Optional(HexColor()),
  textColor: Type.Optional(HexColor()),
  backgroundColor: Type.Optional(HexColor()),
  linkColor: Type.Optional(HexColor()),
  buttonTextColor: Type.Optional(HexColor()),
  headingFont: Type.Optional(FontChoice),
  bodyFont: Type.Optional(FontChoice),
  baseSize: Type.Optional(Type.Integer(baseSizeRange)),
  lineHeight: Type.Optional(Type.Number(lineHeightRange)),
  advancedCss: Type.Optional(MultilineText({ maxLength: advancedCssMaxLength })),
  fileIdToLogo: Type.Optional(
    Nullable({ ...Uuid, description: 'An image file of the environment, or null for no logo.' }),
  ),
});
export type UpdateThemeBody = Static<typeof UpdateThemeBody>;

export const ThemeParams = Type.Object({ themeId: Uuid });

/** A web font of a theme (spec §3): the family name its stylesheet defines and the stylesheet's URL. */
export const WebFont = Type.Object({
  id: Uuid,
  fontIdentifier: Type.String(),
  srcUrl: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type WebFont = Static<typeof WebFont>;

/** GET /themes/{themeId}/fonts (extension): every web font of the theme, by name. */
export const WebFontPage = Page(WebFont);
export type WebFontPage = Static<typeof WebFontPage>;

/** POST /themes/{themeId}/fonts (spec §7). */
export const CreateWebFontBody = Type.Object({
  fontIdentifier: Text({ maxLength: 100, description: "Family name, e.g. 'Open Sans'." }),
  srcUrl: Text({
    maxLength: 2000,
    description: 'Absolute https:// URL of the CSS that loads the font (e.g. fonts.googleapis.com/css2?…).',
  }),
});
export type CreateWebFontBody = Static<typeof CreateWebFontBody>;

export const WebFontParams = Type.Object({ themeId: Uuid, fontId: Uuid });

/** Dutch names of the web font fields: the console's labels and the subject of 'Naam is een verplicht veld'. */
export const webFontFieldNames = { fontIdentifier: 'Naam', srcUrl: 'URL' } as const;
