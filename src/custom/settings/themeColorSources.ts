/** The theme's colours, in the order the colours page and the overview show them. */
export const themeColorSources = [
  'primaryColor',
  'secondaryColor',
  'textColor',
  'backgroundColor',
  'linkColor',
  'buttonTextColor',
] as const;
