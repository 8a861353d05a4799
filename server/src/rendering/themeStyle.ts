/** What rendering knows of an environment's theme; every part may be missing (defaults apply). */
export interface RenderTheme {
  name?: string | null;
  primaryColor?: string | null;
  /** Absolute URL of the logo at header size, or null when the theme has none. */
  logoUrl?: string | null;
}

/** The values a template is compiled with; one object so that it can key the compiled-template cache. */
export interface TemplateStyle {
  primaryColor: string;
  /** Text on the primary colour (buttons, coloured headers): white or near-black, whichever reads better. */
  onPrimaryColor: string;
  textColor: string;
  mutedTextColor: string;
  pageBackgroundColor: string;
  contentBackgroundColor: string;
  fontFamily: string;
  headingFontFamily: string;
  logoUrl: string | null;
  logoAlt: string;
}

const hexColour = /^#[0-9a-fA-F]{6}$/;

export const defaultTemplateStyle: TemplateStyle = {
  primaryColor: '#1f5fa8',
  onPrimaryColor: '#ffffff',
  textColor: '#222222',
  mutedTextColor: '#666666',
  pageBackgroundColor: '#f2f3f5',
  contentBackgroundColor: '#ffffff',
  // Fonts every mail client has: nothing is fetched from the network.
  fontFamily: 'Arial, Helvetica, sans-serif',
  headingFontFamily: "Georgia, 'Times New Roman', serif",
  logoUrl: null,
  logoAlt: '',
};

/**
 * The theme → template values mapping. Today a theme holds a name, one colour and a logo; what it lacks
 * (fonts, text and background colours, later from the settings pages) comes from the defaults.
 */
export function themeStyle(theme: RenderTheme | null | undefined): TemplateStyle {
  const primaryColor =
    theme?.primaryColor && hexColour.test(theme.primaryColor)
      ? theme.primaryColor.toLowerCase()
      : defaultTemplateStyle.primaryColor;
  return {
    ...defaultTemplateStyle,
    primaryColor,
    onPrimaryColor: isLight(primaryColor) ? '#1a1a1a' : '#ffffff',
    logoUrl: theme?.logoUrl ?? null,
    logoAlt: theme?.name ?? '',
  };
}

/** Relative luminance above the point where dark text contrasts more than white (WCAG formula). */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179;
}
