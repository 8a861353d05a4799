/** The settings pages' own parts, loaded together with the first settings page (src/resources/themes). */
export { LogoPreview } from './LogoPreview';
export { ColorsPreview } from './ColorsPreview';
export { TypographyPreview } from './TypographyPreview';
export { FontChoiceInput } from './FontChoiceInput';
export { CssEditor } from './CssEditor';
export {
  LogoSummary,
  ColorsSummary,
  TypographySummary,
  WebFontsSummary,
  AdvancedSummary,
} from './SettingsSummaries';
