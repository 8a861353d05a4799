import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { baseSizeRange, lineHeightRange, type Theme } from '@contract/themes';
import BrandingWatermarkOutlinedIcon from '@mui/icons-material/BrandingWatermarkOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import HistoryToggleOffOutlinedIcon from '@mui/icons-material/HistoryToggleOffOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import FontDownloadOutlinedIcon from '@mui/icons-material/FontDownloadOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import TextFieldsOutlinedIcon from '@mui/icons-material/TextFieldsOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { maxValue, minValue, number, required } from 'react-admin';
import { themeColorSources } from '../../custom/settings/themeColorSources';
import { lazyView } from '../../declarative/lazyView';
import { defineResource } from '../../declarative/resourceDeclaration';
import type { FieldDeclaration } from '../../declarative/fieldDeclaration';
import { webFonts } from '../webFonts';

// The settings' own parts load with the first settings page, not with the login screen.
const settings = () => import('../../custom/settings');
const LogoPreview = lazyView(settings, 'LogoPreview');
const ColorsPreview = lazyView(settings, 'ColorsPreview');
const TypographyPreview = lazyView(settings, 'TypographyPreview');
const FontChoiceInput = lazyView(settings, 'FontChoiceInput');
const CssEditor = lazyView(settings, 'CssEditor');
const LogoSummary = lazyView(settings, 'LogoSummary');
const ColorsSummary = lazyView(settings, 'ColorsSummary');
const TypographySummary = lazyView(settings, 'TypographySummary');
const WebFontsSummary = lazyView(settings, 'WebFontsSummary');
const AdvancedSummary = lazyView(settings, 'AdvancedSummary');
const sending = () => import('../../custom/sending');
const SenderSummary = lazyView(sending, 'SenderSummary');
const SendingDomainSummary = lazyView(sending, 'SendingDomainSummary');
const MeasuringSummary = lazyView(() => import('../../custom/measuring'), 'MeasuringSummary');
const PublicArchiveSummary = lazyView(() => import('../../custom/publicArchive'), 'PublicArchiveSummary');
const RetentionSummary = lazyView(() => import('../../custom/privacy/RetentionSummary'), 'RetentionSummary');
const AuditLogRetentionSummary = lazyView(
  () => import('../../custom/auditLog/AuditLogRetentionSummary'),
  'AuditLogRetentionSummary',
);
const ApprovalSummary = lazyView(() => import('../../custom/approval'), 'ApprovalSummary');

const colorFields = themeColorSources.map((source): FieldDeclaration<(typeof themeColorSources)[number]> => ({
  source,
  label: `app.settings.colors.fields.${source}`,
  helperText: `app.settings.colors.help.${source}`,
  kind: 'color',
  validate: required(),
}));

const typographySources = ['headingFont', 'bodyFont', 'baseSize', 'lineHeight'] as const;
const back = { to: '/settings/', label: 'app.settings.back' };
/** Each settings page saves its own part: PUT /themes/{themeId} is partial. */
const savePart = (body: readonly string[]) => ({
  method: 'PUT' as const,
  path: '/themes/{id}',
  body: [...body],
});

/**
 * The environment's theme (spec §1 themes, §2 /settings/…): one per environment, the one source of
 * styling for publications. The overview at /settings/ has a card per part; logo, colours, typography
 * (with the web fonts) and advanced CSS each have a page that saves its own fields. After a save the
 * environment's theme is read again, so the sidebar logo and the console's colour follow at once.
 */
export const themes = defineResource<Theme>()({
  name: 'themes',
  label: { one: 'app.settings.theme.one', many: 'app.settings.theme.many' },
  recordRepresentation: 'name',
  singleton: true,
  api: {
    getOne: { method: 'GET', path: '/themes' },
    actions: {
      saveLogo: savePart(['fileIdToLogo']),
      saveColors: savePart(themeColorSources),
      saveTypography: savePart(typographySources),
      saveAdvanced: savePart(['advancedCss']),
    },
  },
  fields: [
    { source: 'name', label: 'app.settings.theme.name', kind: 'text' },
    {
      source: 'fileIdToLogo',
      label: 'app.settings.logo.field',
      helperText: 'app.settings.logo.help',
      kind: 'mediaFile',
      imagesOnly: true,
      clearLabel: 'app.settings.logo.remove',
      preview: LogoPreview,
    },
    ...colorFields,
    {
      source: 'headingFont',
      label: 'app.settings.typography.fields.headingFont',
      kind: 'choice',
      choices: [],
      input: FontChoiceInput,
      validate: required(),
    },
    {
      source: 'bodyFont',
      label: 'app.settings.typography.fields.bodyFont',
      kind: 'choice',
      choices: [],
      input: FontChoiceInput,
      validate: required(),
    },
    {
      source: 'baseSize',
      label: 'app.settings.typography.fields.baseSize',
      helperText: 'app.settings.typography.help.baseSize',
      kind: 'number',
      validate: [
        required(),
        number(),
        minValue(baseSizeRange.minimum),
        maxValue(baseSizeRange.maximum),
        wholeNumber,
      ],
    },
    {
      source: 'lineHeight',
      label: 'app.settings.typography.fields.lineHeight',
      helperText: 'app.settings.typography.help.lineHeight',
      kind: 'number',
      fractions: true,
      validate: [required(), number(), minValue(lineHeightRange.minimum), maxValue(lineHeightRange.maximum)],
    },
    {
      source: 'advancedCss',
      label: 'app.settings.advanced.field',
      helperText: 'app.settings.advanced.help',
      kind: 'longText',
      input: CssEditor,
    },
  ],
  views: {
    show: {
      pageTitle: 'app.settings.title',
      summary: [{ label: 'app.settings.overview.intro' }],
      sections: [
        {
          cards: [
            {
              title: 'app.settings.logo.title',
              icon: BrandingWatermarkOutlinedIcon,
              to: '/settings/logo',
              content: LogoSummary,
            },
            {
              title: 'app.settings.colors.title',
              icon: PaletteOutlinedIcon,
              to: '/settings/colors',
              content: ColorsSummary,
            },
            {
              title: 'app.settings.typography.title',
              icon: TextFieldsOutlinedIcon,
              to: '/settings/typography',
              content: TypographySummary,
            },
            {
              title: 'app.settings.fonts.title',
              icon: FontDownloadOutlinedIcon,
              to: '/settings/typography',
              content: WebFontsSummary,
            },
            {
              title: 'app.settings.advanced.title',
              icon: TuneOutlinedIcon,
              to: '/settings/advanced',
              content: AdvancedSummary,
            },
            // The sender is its own resource (src/resources/sender); its cards read it themselves.
            {
              title: 'app.sending.sender.title',
              icon: ForwardToInboxOutlinedIcon,
              to: '/settings/sender',
              content: SenderSummary,
            },
            {
              title: 'app.sending.domain.title',
              icon: DnsOutlinedIcon,
              to: '/settings/domain',
              content: SendingDomainSummary,
            },
            // 'Meten' is its own resource too (src/resources/measuring).
            {
              title: 'app.settings.measuring.title',
              icon: InsightsOutlinedIcon,
              to: '/settings/measuring',
              content: MeasuringSummary,
            },
            // The public archive is its own resource too (src/resources/publicArchive).
            {
              title: 'app.settings.archive.title',
              icon: ArchiveOutlinedIcon,
              to: '/settings/archive',
              content: PublicArchiveSummary,
            },
            // 'Bewaartermijnen' too (src/resources/retention).
            {
              title: 'app.privacy.retention.title',
              icon: HistoryToggleOffOutlinedIcon,
              to: '/settings/retention',
              content: RetentionSummary,
            },
            // The Logboek's own term (src/resources/auditLogSettings).
            {
              title: 'app.auditLog.retention.title',
              icon: ManageHistoryOutlinedIcon,
              to: '/settings/logboek',
              content: AuditLogRetentionSummary,
            },
            // 'Goedkeuring' is its own resource too (src/resources/approvalSettings).
            {
              title: 'app.approval.settings.title',
              icon: FactCheckOutlinedIcon,
              to: '/settings/approval',
              content: ApprovalSummary,
            },
          ],
        },
      ],
      notFound: 'app.settings.not_found',
      maxWidth: 1100,
    },
    forms: {
      logo: {
        as: 'page',
        title: 'app.settings.logo.title',
        description: 'app.settings.logo.intro',
        back,
        fields: ['fileIdToLogo'],
        save: { action: 'saveLogo' },
        successMessage: 'app.settings.saved',
      },
      colors: {
        as: 'page',
        title: 'app.settings.colors.title',
        description: 'app.settings.colors.intro',
        back,
        fields: themeColorSources,
        preview: ColorsPreview,
        save: { action: 'saveColors' },
        successMessage: 'app.settings.saved',
      },
      typography: {
        as: 'page',
        title: 'app.settings.typography.title',
        description: 'app.settings.typography.intro',
        back,
        fields: typographySources,
        preview: TypographyPreview,
        sections: [{ table: webFonts, target: 'themeId', title: 'app.settings.fonts.title' }],
        save: { action: 'saveTypography' },
        successMessage: 'app.settings.saved',
      },
      advanced: {
        as: 'page',
        title: 'app.settings.advanced.title',
        description: 'app.settings.advanced.intro',
        back,
        fields: ['advancedCss'],
        save: { action: 'saveAdvanced' },
        successMessage: 'app.settings.saved',
      },
    },
  },
  routes: { show: '/settings/' },
  menu: { label: 'app.menu.settings', icon: SettingsOutlinedIcon, order: 40, pinned: true },
  pages: [
    { path: '/settings/logo', form: 'logo' },
    { path: '/settings/colors', form: 'colors' },
    { path: '/settings/typography', form: 'typography' },
    { path: '/settings/advanced', form: 'advanced' },
  ],
  // The console's own reading of the theme (sidebar logo, primary colour) follows every save.
  invalidates: ['environmentTheme'],
});

function wholeNumber(value: unknown): string | undefined {
  return value === null || value === undefined || value === '' || Number.isInteger(Number(value))
    ? undefined
    : 'app.settings.typography.whole_number';
}
