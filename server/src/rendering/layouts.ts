import { escapeHtml } from './escapeHtml';
import type { RichTextStyles } from './richText';
import type { TemplateStyle } from './themeStyle';

// The e-mail layouts a publication template renders with (publication_templates.layout). Each is an MJML
// document with fragment markers: `<!--dpp:name-->` starts the fragment `name`, which runs to the next
// marker. compiledLayout.ts compiles the document once and cuts it into fragments, so a render only
// fills and joins strings. Tokens `%%name%%` are the values a fragment is filled with.

export const layoutNames = ['standaard', 'uitgebreid', 'uitnodiging', 'herinnering'] as const;
export type LayoutName = (typeof layoutNames)[number];

/** The fragments every layout has, in document order (see `layoutDocument`). */
export const fragmentNames = [
  'start',
  'webVersion',
  'header',
  'blockOpen',
  'heading',
  'plain',
  'caption',
  'dateTime',
  'richText',
  'image',
  'button',
  'blockClose',
  'blocksEnd',
  'footer',
  'unsubscribe',
  'end',
] as const;
export type FragmentName = (typeof fragmentNames)[number];

/** A layout applied to a theme's style: what compiledLayout.ts compiles and the renderer needs. */
export interface Layout {
  name: LayoutName;
  /** The size (px) block images are shown and fetched at from the CDN (cover crop). */
  image: { width: number; height: number };
  /** Inline styles of rich-text tags (e-mail clients ignore most style sheets). */
  richTextStyles: RichTextStyles;
  /** The MJML document with fragment markers and tokens. */
  mjml: string;
}

const marker = (name: FragmentName) => `<mj-raw><!--dpp:${name}--></mj-raw>`;

/** What sets one layout apart from another; the document structure (and so the fragments) is shared. */
interface Variant {
  align: 'left' | 'center';
  /** Block headings, px. */
  headingSize: number;
  bodyBackground: string;
  /** MJML of the header section(s). */
  header: string;
  /** Attributes of the one mj-section every block is in. */
  blocksSection: string;
  /** MJML opening each block inside the blocks' column (the rows of a card), or nothing. */
  blockOpen: string;
  /** Padding of text elements and buttons inside a block. */
  padding: string;
  imagePadding: string;
  image: { width: number; height: number };
  /** MJML closing each block inside the column (a divider, the card's end), or nothing. */
  blockClose: string;
  buttonRadius: string;
}

function layoutDocument(style: TemplateStyle, variant: Variant): string {
  const { align, padding } = variant;
  return `<mjml lang="nl">
<mj-head>
<mj-title>%%title%%</mj-title>
${style.webFonts.map((font) => `<mj-font name="${escapeHtml(font.name)}" href="${escapeHtml(font.href)}" />`).join('\n')}
<mj-attributes>
<mj-all font-family="${style.fontFamily}" />
<mj-text color="${style.textColor}" font-size="${style.baseFontSize}px" line-height="${style.lineHeight}" align="${align}" padding="${padding}" />
<mj-button background-color="${style.primaryColor}" color="${style.onPrimaryColor}" font-size="${style.baseFontSize}px" font-weight="bold" border-radius="${variant.buttonRadius}" inner-padding="12px 24px" align="${align}" padding="${padding}" />
</mj-attributes>
${style.advancedCss.trim() ? `<mj-style>${style.advancedCss}</mj-style>` : ''}
</mj-head>
<mj-body background-color="${variant.bodyBackground}" width="600px">
${marker('webVersion')}
<mj-section padding="8px 0 0">
<mj-column>
<mj-text align="center" font-size="13px" color="${style.mutedTextColor}" padding="4px 24px"><a href="{{webVersionUrl}}" style="color:${style.mutedTextColor};text-decoration:underline;">Bekijk in je browser</a></mj-text>
</mj-column>
</mj-section>
${marker('header')}
${variant.header}
<mj-section ${variant.blocksSection}>
<mj-column>
${marker('blockOpen')}
${variant.blockOpen}
${marker('heading')}
<mj-text font-family="${style.headingFontFamily}" font-size="${variant.headingSize}px" line-height="1.3" font-weight="bold"><h2 style="margin:0;font-size:${variant.headingSize}px;font-weight:bold;">%%text%%</h2></mj-text>
${marker('plain')}
<mj-text>%%text%%</mj-text>
${marker('caption')}
<mj-text font-size="13px" color="${style.mutedTextColor}" font-style="italic">%%text%%</mj-text>
${marker('dateTime')}
<mj-text font-size="15px" font-weight="bold" color="${style.primaryColor}">%%text%%</mj-text>
${marker('richText')}
<mj-text>%%html%%</mj-text>
${marker('image')}
<mj-image src="%%src%%" alt="%%alt%%" width="${variant.image.width}px" padding="${variant.imagePadding}" />
${marker('button')}
<mj-button href="%%href%%">%%text%%</mj-button>
${marker('blockClose')}
${variant.blockClose}
${marker('blocksEnd')}
</mj-column>
</mj-section>
${marker('footer')}
<mj-section padding="16px 0 0">
<mj-column>
<mj-text align="center" font-size="13px" color="${style.mutedTextColor}" padding="4px 24px">%%environmentName%%</mj-text>
</mj-column>
</mj-section>
${marker('unsubscribe')}
<mj-section padding="0 0 24px">
<mj-column>
<mj-text align="center" font-size="13px" color="${style.mutedTextColor}" padding="4px 24px">Wil je deze berichten niet meer ontvangen? <a href="{{unsubscribeUrl}}" style="color:${style.mutedTextColor};text-decoration:underline;">Uitschrijven</a> · <a href="{{preferencesUrl}}" style="color:${style.mutedTextColor};text-decoration:underline;">Je voorkeuren</a></mj-text>
</mj-column>
</mj-section>
${marker('end')}
</mj-body>
</mjml>`;
}

/** The header: the theme's logo, or the environment's name when the theme has no logo. */
/**
 * A block as a card inside the blocks' column: a row whose cell holds a table with the card's look
 * (`cardStyle`) around the block's rows. One section for all blocks, not one per block: a section costs
 * about 1,300 bytes of wrapper tables and Outlook conditionals, a card about 350 (Gmail clips above 102 KB).
 */
function card(
  spacing: string,
  cardStyle: string,
  inner: string,
  background?: string,
): Pick<Variant, 'blockOpen' | 'blockClose'> {
  const table = `role="presentation" border="0" cellpadding="0" cellspacing="0" width="100%"`;
  return {
    blockOpen: `<mj-raw><tr><td style="padding:${spacing};"><table ${table}${background ? ` bgcolor="${background}"` : ''} style="${cardStyle}"><tbody><tr><td style="padding:${inner};"><table ${table}><tbody></mj-raw>`,
    blockClose: '<mj-raw></tbody></table></td></tr></tbody></table></td></tr></mj-raw>',
  };
}

function headerContent(style: TemplateStyle, align: 'left' | 'center', onColour: string): string {
  return style.logoUrl
    ? `<mj-image src="${escapeHtml(style.logoUrl)}" alt="%%environmentName%%" width="160px" align="${align}" padding="24px" />`
    : `<mj-text align="${align}" font-family="${style.headingFontFamily}" font-size="24px" font-weight="bold" color="${onColour}" padding="24px">%%environmentName%%</mj-text>`;
}

function richTextStyles(style: TemplateStyle): RichTextStyles {
  return {
    p: 'margin:0 0 12px;',
    h2: `margin:16px 0 8px;font-family:${style.headingFontFamily};font-size:20px;line-height:1.3;`,
    h3: `margin:12px 0 6px;font-family:${style.headingFontFamily};font-size:17px;line-height:1.3;`,
    ul: 'margin:0 0 12px;padding:0 0 0 24px;',
    ol: 'margin:0 0 12px;padding:0 0 0 24px;',
    li: 'margin:0 0 4px;',
    a: `color:${style.linkColor};text-decoration:underline;`,
    strong: '',
    em: '',
    br: '',
  };
}

/**
 * 'standaard': one white page on grey, the logo at the top left, blocks divided by a thin line.
 * 'uitgebreid': a coloured header band, each block a rounded card on grey with a full-width image.
 * 'uitnodiging': centred and airy, larger headings, for invitations.
 * 'herinnering': compact and left-aligned under a coloured 'Herinnering' band, each block marked by a bar
 *   in the primary colour, so a reminder never looks like the invitation it follows up.
 */
function variants(style: TemplateStyle): Record<LayoutName, Variant> {
  const white = style.contentBackgroundColor;
  return {
    standaard: {
      align: 'left',
      headingSize: 22,
      bodyBackground: style.pageBackgroundColor,
      header: `<mj-section background-color="${white}" border-top="6px solid ${style.primaryColor}" padding="0"><mj-column>${headerContent(style, 'left', style.primaryColor)}</mj-column></mj-section>`,
      blocksSection: `background-color="${white}" padding="8px 0"`,
      blockOpen: '',
      padding: '6px 24px',
      imagePadding: '8px 24px',
      image: { width: 552, height: 310 },
      blockClose: `<mj-divider border-width="1px" border-color="#e3e5e8" padding="16px 24px" />`,
      buttonRadius: '4px',
    },
    uitgebreid: {
      align: 'left',
      headingSize: 24,
      bodyBackground: style.pageBackgroundColor,
      header: `<mj-section background-color="${style.primaryColor}" padding="8px 0"><mj-column>${headerContent(style, 'center', style.onPrimaryColor)}</mj-column></mj-section>`,
      blocksSection: 'padding="0"',
      ...card(
        '12px 16px 4px',
        `background-color:${white};border-radius:8px;border-collapse:separate;`,
        '12px 0 16px',
        white,
      ),
      padding: '6px 24px',
      imagePadding: '0 0 12px',
      image: { width: 568, height: 320 },
      buttonRadius: '24px',
    },
    uitnodiging: {
      align: 'center',
      headingSize: 26,
      bodyBackground: white,
      header: `<mj-section padding="16px 0 0"><mj-column>${headerContent(style, 'center', style.primaryColor)}<mj-divider border-width="3px" border-color="${style.primaryColor}" width="80px" padding="0 0 8px" /></mj-column></mj-section>`,
      blocksSection: 'padding="16px 0"',
      blockOpen: '',
      padding: '6px 40px',
      imagePadding: '8px 40px',
      image: { width: 520, height: 347 },
      blockClose: `<mj-divider border-width="1px" border-color="${style.primaryColor}" width="120px" padding="24px 0 32px" />`,
      buttonRadius: '4px',
    },
    herinnering: {
      align: 'left',
      headingSize: 20,
      bodyBackground: style.pageBackgroundColor,
      header:
        `<mj-section background-color="${white}" padding="0"><mj-column>${headerContent(style, 'left', style.primaryColor)}</mj-column></mj-section>` +
        `<mj-section background-color="${style.primaryColor}" padding="0"><mj-column><mj-text font-size="14px" font-weight="bold" letter-spacing="2px" color="${style.onPrimaryColor}" padding="10px 24px">HERINNERING</mj-text></mj-column></mj-section>`,
      blocksSection: `background-color="${white}" padding="0"`,
      ...card('12px 16px', `border-left:4px solid ${style.primaryColor};`, '4px 0'),
      padding: '4px 20px',
      imagePadding: '8px 20px',
      image: { width: 524, height: 295 },
      buttonRadius: '0px',
    },
  };
}

/** The layout `name` with the theme's style applied; an unknown name (data from elsewhere) gets 'standaard'. */
export function buildLayout(name: string, style: TemplateStyle): Layout {
  const known = (layoutNames as readonly string[]).includes(name) ? (name as LayoutName) : 'standaard';
  const variant = variants(style)[known];
  return {
    name: known,
    image: variant.image,
    richTextStyles: richTextStyles(style),
    mjml: layoutDocument(style, variant),
  };
}
