import { fontIdentifierPattern, systemFontStacks } from '../contract/themes';

/** A font as a theme stores it: one of its web fonts, or a system stack key (see `systemFontStacks`). */
export interface RenderFont {
  webFont?: { fontIdentifier: string; srcUrl: string } | null;
  systemFont?: string | null;
}

/** What rendering knows of an environment's theme; every part may be missing (defaults apply). */
export interface RenderTheme {
  name?: string | null;
  primaryColor?: string | null;
  secondaryColor?: string | null;
  textColor?: string | null;
  backgroundColor?: string | null;
  linkColor?: string | null;
  buttonTextColor?: string | null;
  headingFont?: RenderFont | null;
  bodyFont?: RenderFont | null;
  baseSize?: number | null;
  lineHeight?: number | null;
  advancedCss?: string | null;
  /** Absolute URL of the logo at header size, or null when the theme has none. */
  logoUrl?: string | null;
}

/** A web font a publication loads: the family name and its stylesheet (MJML's mj-font). */
export interface TemplateWebFont {
  name: string;
  href: string;
}

/** The values a template is compiled with; one object so that it can key the compiled-template cache. */
export interface TemplateStyle {
  primaryColor: string;
  /** Text on the primary colour (buttons, coloured headers): the theme's button-text colour. */
  onPrimaryColor: string;
  textColor: string;
  mutedTextColor: string;
  linkColor: string;
  /** Around the content (the theme's secondary colour). */
  pageBackgroundColor: string;
  /** Behind the content (the theme's background colour). */
  contentBackgroundColor: string;
  fontFamily: string;
  headingFontFamily: string;
  /** Body text size in px and its line height. */
  baseFontSize: number;
  lineHeight: number;
  /** The stylesheets of the web fonts the two font families use (none for system stacks). */
  webFonts: TemplateWebFont[];
  /** The theme's own CSS rules, checked when stored (themes/advancedCss.ts). */
  advancedCss: string;
  logoUrl: string | null;
  logoAlt: string;
}

const hexColour = /^#[0-9a-fA-F]{6}$/;
const fontName = new RegExp(fontIdentifierPattern, 'u');

const bodyStack = systemFontStacks.find((stack) => stack.key === 'arial')!.fontFamily;
const headingStack = systemFontStacks.find((stack) => stack.key === 'georgia')!.fontFamily;

export const defaultTemplateStyle: TemplateStyle = {
  primaryColor: '#1f5fa8',
  onPrimaryColor: '#ffffff',
  textColor: '#222222',
  mutedTextColor: '#666666',
  linkColor: '#1f5fa8',
  pageBackgroundColor: '#f2f3f5',
  contentBackgroundColor: '#ffffff',
  // Fonts every mail client has: nothing is fetched from the network.
  fontFamily: bodyStack,
  headingFontFamily: headingStack,
  baseFontSize: 16,
  lineHeight: 1.5,
  webFonts: [],
  advancedCss: '',
  logoUrl: null,
  logoAlt: '',
};

/**
 * The theme → template values mapping: the one place a theme's settings become a publication's look.
 * Every value is checked again (the data may come from elsewhere); what is missing or malformed comes from
 * the defaults. A text or link colour that is not set follows the defaults, links the primary colour.
 */
export function themeStyle(theme: RenderTheme | null | undefined): TemplateStyle {
  const primaryColor = colour(theme?.primaryColor, defaultTemplateStyle.primaryColor);
  const heading = fontFamily(theme?.headingFont, headingStack);
  const body = fontFamily(theme?.bodyFont, bodyStack);
  const webFonts = [heading.webFont, body.webFont].filter(
    (font, index, all): font is TemplateWebFont =>
      font !== undefined && all.findIndex((other) => other?.name === font.name) === index,
  );
  return {
    ...defaultTemplateStyle,
    primaryColor,
    onPrimaryColor: colour(theme?.buttonTextColor, isLight(primaryColor) ? '#1a1a1a' : '#ffffff'),
    textColor: colour(theme?.textColor, defaultTemplateStyle.textColor),
    linkColor: colour(theme?.linkColor, primaryColor),
    pageBackgroundColor: colour(theme?.secondaryColor, defaultTemplateStyle.pageBackgroundColor),
    contentBackgroundColor: colour(theme?.backgroundColor, defaultTemplateStyle.contentBackgroundColor),
    fontFamily: body.family,
    headingFontFamily: heading.family,
    baseFontSize: inRange(theme?.baseSize, 12, 24, defaultTemplateStyle.baseFontSize),
    lineHeight: inRange(theme?.lineHeight, 1, 2, defaultTemplateStyle.lineHeight),
    webFonts,
    advancedCss: theme?.advancedCss ?? '',
    logoUrl: theme?.logoUrl ?? null,
    logoAlt: theme?.name ?? '',
  };
}

function colour(value: string | null | undefined, fallback: string): string {
  return value && hexColour.test(value) ? value.toLowerCase() : fallback;
}

function inRange(
  value: number | null | undefined,
  minimum: number,
  maximum: number,
  fallback: number,
): number {
  return typeof value === 'number' && value >= minimum && value <= maximum ? value : fallback;
}

/** A web font first (with the fallback stack behind it, for clients that load no fonts), else a system stack. */
function fontFamily(
  font: RenderFont | null | undefined,
  fallback: string,
): { family: string; webFont?: TemplateWebFont } {
  const webFont = font?.webFont;
  if (webFont && fontName.test(webFont.fontIdentifier) && webFont.srcUrl.startsWith('https://')) {
    return {
      family: `'${webFont.fontIdentifier}', ${fallback}`,
      webFont: { name: webFont.fontIdentifier, href: webFont.srcUrl },
    };
  }
  const stack = systemFontStacks.find((candidate) => candidate.key === font?.systemFont);
  return { family: stack?.fontFamily ?? fallback };
}

/** Relative luminance above the point where dark text contrasts more than white (WCAG formula). */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179;
}
