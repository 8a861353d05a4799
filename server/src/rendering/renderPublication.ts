import type { BlockContent, FieldDefinition, ImageValue, LinkValue } from '../contract/publications';
import { compiledLayout } from './compiledLayout';
import { formatDutchDateTime } from './dateTime';
import { escapeHtml } from './escapeHtml';
import {
  preferencesUrlPlaceholder,
  rsvpUrlPlaceholder,
  unsubscribeUrlPlaceholder,
  webVersionUrlPlaceholder,
} from './mergeFields';
import { answerParameter, rsvpAnswers } from '../rsvp/rsvpAddress';

/** The heading of an invitation's answer block. */
const rsvpBlockTitle = 'Aanmelden';
import { richTextToPlainText } from './plainText';
import { inlineRichTextStyles, sanitizeRichText } from './richText';
import type { TemplateStyle } from './themeStyle';

export interface RenderBlock {
  /** The stored block's id (for the preview's anchors). */
  id?: string;
  fields: readonly FieldDefinition[];
  content: BlockContent;
}

/** An image ready for the mail: an absolute URL at the asked size and a name for the alt text. */
export interface RenderImage {
  url: string;
  name: string;
}

export interface PublicationRenderInput {
  /** The template's layout (layouts.ts). */
  layout: string;
  style: TemplateStyle;
  /** The document title (the publication's name). */
  title: string;
  environmentName: string;
  /** The preview text mail programs show after the subject; hidden at the top of the body. */
  preheader?: string | null;
  blocks: readonly RenderBlock[];
  /** Resolves an image field; undefined when the file is gone (the image is then left out). */
  image(fileId: string, size: { width: number; height: number }): RenderImage | undefined;
  /** The footer's unsubscribe link (`{{unsubscribeUrl}}`) and 'Je voorkeuren' beside it (`{{preferencesUrl}}`); a web version has neither. */
  unsubscribeLink: boolean;
  /** 'Bekijk in je browser' on top (`{{webVersionUrl}}`); the web version itself has none. */
  webVersionLink: boolean;
  /**
   * The console's preview only: an empty element `id="block-{id}"` before each block, so the preview
   * can scroll to the block being edited. Never in a sent message.
   */
  blockAnchors?: boolean;
  /**
   * The block 'Aanmelden' of an invitation after the content: one button per answer, each to the
   * invitee's own page (`{{rsvpUrl}}`, filled per recipient) with that answer preselected.
   */
  rsvp?: { allowMaybe: boolean };
}

export interface RenderedMail {
  html: string;
  text: string;
}

const defaultButtonText = 'Lees meer';

/**
 * The preview text as the first thing in the body, hidden from view (and from Outlook: mso-hide), so mail
 * programs show it after the subject. Trailing invisible spacers keep the programs from running on into
 * the body's first words when the text is short. Merge fields stay for `fillMergeFields`.
 */
function hiddenPreheader(preheader: string | null | undefined): string {
  if (!preheader) return '';
  const style =
    'display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all';
  return `<div style="${style}">${escapeHtml(preheader)}${'&#8199;&#65279;&#847; '.repeat(20)}</div>`;
}

/**
 * Renders a publication through a layout: the compiled layout's fragments filled with the blocks' values
 * (every text escaped, rich text sanitised again and given inline styles), and a plain-text version.
 * Merge fields stay in place for `fillMergeFields`.
 */
export async function renderPublication(input: PublicationRenderInput): Promise<RenderedMail> {
  const { fragments, layout } = await compiledLayout(input.layout, input.style);
  const environmentName = escapeHtml(input.environmentName);
  const html: string[] = [
    fragments.start.fill({ title: escapeHtml(input.title) }),
    // The preview text first: an inbox shows the body's first words beside the subject.
    hiddenPreheader(input.preheader),
    input.webVersionLink ? fragments.webVersion.fill() : '',
    fragments.header.fill({ environmentName }),
  ];
  const text: string[] = [
    ...(input.webVersionLink ? [`Bekijk in je browser: ${webVersionUrlPlaceholder}`] : []),
    input.environmentName,
  ];

  for (const block of input.blocks) {
    const elements: string[] = [];
    const lines: string[] = [];
    for (const field of block.fields) {
      const value = block.content[field.name];
      if (value === undefined) continue;
      switch (field.kind) {
        case 'shortText': {
          const fragment =
            field.display === 'heading' ? 'heading' : field.display === 'caption' ? 'caption' : 'plain';
          elements.push(fragments[fragment].fill({ text: escapeHtml(String(value)) }));
          lines.push(String(value));
          break;
        }
        case 'richText': {
          const sanitised = sanitizeRichText(String(value));
          elements.push(
            fragments.richText.fill({ html: inlineRichTextStyles(sanitised, layout.richTextStyles) }),
          );
          lines.push(richTextToPlainText(sanitised));
          break;
        }
        case 'dateTime': {
          const formatted = formatDutchDateTime(String(value));
          elements.push(fragments.dateTime.fill({ text: escapeHtml(formatted) }));
          lines.push(formatted);
          break;
        }
        case 'image': {
          const { fileId, alt, decorative } = value as ImageValue;
          const image = input.image(fileId, layout.image);
          if (!image) break;
          // Decorative: an empty alt, so screen readers skip it. Content saved before alt text was
          // required may lack one: the file's name is better than nothing.
          const altText = decorative ? '' : alt || image.name;
          elements.push(fragments.image.fill({ src: escapeHtml(image.url), alt: escapeHtml(altText) }));
          break;
        }
        case 'link': {
          const { url, text: buttonText } = value as LinkValue;
          const label = buttonText || defaultButtonText;
          elements.push(fragments.button.fill({ href: escapeHtml(url), text: escapeHtml(label) }));
          lines.push(`${label}: ${url}`);
          break;
        }
      }
    }
    if (elements.length === 0) continue;
    if (input.blockAnchors && block.id) html.push(`<div id="block-${escapeHtml(block.id)}"></div>`);
    html.push(fragments.blockOpen.fill(), ...elements, fragments.blockClose.fill());
    text.push(lines.join('\n\n'));
  }

  if (input.rsvp) {
    const answers = input.rsvp.allowMaybe
      ? rsvpAnswers
      : rsvpAnswers.filter((answer) => answer !== 'Misschien');
    const links = answers.map((answer) => ({
      label: answer,
      href: `${rsvpUrlPlaceholder}?${answerParameter}=${answer.toLowerCase()}`,
    }));
    html.push(
      fragments.blockOpen.fill(),
      fragments.heading.fill({ text: rsvpBlockTitle }),
      ...links.map((link) => fragments.button.fill({ href: escapeHtml(link.href), text: link.label })),
      fragments.blockClose.fill(),
    );
    text.push([rsvpBlockTitle, ...links.map((link) => `${link.label}: ${link.href}`)].join('\n'));
  }

  html.push(fragments.blocksEnd.fill(), fragments.footer.fill({ environmentName }));
  const footerText = [`-- \n${input.environmentName}`];
  if (input.unsubscribeLink) {
    html.push(fragments.unsubscribe.fill());
    footerText.push(
      `Wil je deze berichten niet meer ontvangen? Uitschrijven: ${unsubscribeUrlPlaceholder}`,
      `Je voorkeuren: ${preferencesUrlPlaceholder}`,
    );
  }
  html.push(fragments.end.fill());
  return { html: html.join(''), text: `${[...text, footerText.join('\n')].join('\n\n')}\n` };
}
