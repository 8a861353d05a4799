import { createHash } from 'node:crypto';
import type { BlockContent, FieldDefinition, ImageValue, LinkValue } from '../contract/publications';
import { compiledLayout, layoutKey, type CompiledLayout } from './compiledLayout';
import { formatDutchDateTime } from './dateTime';
import type { Layout } from './layouts';
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
import type { BlockPart, RenderedBlocks } from './renderedBlocks';
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
  /**
   * Blocks' parts of earlier renders (renderedBlocks.ts), used and filled under keys of all they are made
   * of: the console's preview, where a save changes one block. Without it every block is rendered.
   */
  keptBlocks?: RenderedBlocks;
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

  const blockOf = blockRenderer(input, fragments, layout);
  for (const block of input.blocks) {
    const part = blockOf(block);
    if (!part) continue;
    html.push(part.html);
    text.push(part.text);
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

/**
 * A block's part of the render, from `input.keptBlocks` when it holds the block's key, else rendered (and
 * kept there). Only the console's preview passes kept blocks; every other render renders every block.
 */
function blockRenderer(
  input: PublicationRenderInput,
  fragments: CompiledLayout['fragments'],
  layout: Layout,
): (block: RenderBlock) => BlockPart {
  const kept = input.keptBlocks;
  if (!kept) return (block) => renderBlock(block, input, fragments, layout);
  // A digest of the layout and style, made once a render: the style may hold 20,000 characters of
  // advanced CSS, which would otherwise be repeated (and escaped) in every block's key.
  const layoutPart = createHash('sha256').update(layoutKey(input.layout, input.style)).digest('base64url');
  return (block) => {
    const key = blockKey(layoutPart, block, input, layout);
    const found = kept.get(key);
    if (found !== undefined) return found;
    const part = renderBlock(block, input, fragments, layout);
    kept.set(key, part);
    return part;
  };
}

/**
 * Everything a block's part is made of, as one string: the compiled layout's key (layout and style, which
 * fix the fragments, the rich-text styles and the image size), the block's id when it gets an anchor, its
 * fields and content, and what each of its images resolves to (the file's address and name, or gone).
 * The rest of renderBlock is this code's own (escaping, sanitising, date formatting in UTC).
 */
function blockKey(
  layoutPart: string,
  block: RenderBlock,
  input: PublicationRenderInput,
  layout: Layout,
): string {
  const images = block.fields.flatMap((field) => {
    const value = block.content[field.name];
    if (field.kind !== 'image' || value === undefined) return [];
    return [input.image((value as ImageValue).fileId, layout.image) ?? null];
  });
  return JSON.stringify([
    layoutPart,
    input.blockAnchors ? (block.id ?? null) : null,
    block.fields,
    block.content,
    images,
  ]);
}

/** One block through the layout's fragments: its HTML and plain text, or null when it shows nothing. */
function renderBlock(
  block: RenderBlock,
  input: PublicationRenderInput,
  fragments: CompiledLayout['fragments'],
  layout: Layout,
): BlockPart {
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
  if (elements.length === 0) return null;
  const anchor = input.blockAnchors && block.id ? `<div id="block-${escapeHtml(block.id)}"></div>` : '';
  return {
    html: anchor + fragments.blockOpen.fill() + elements.join('') + fragments.blockClose.fill(),
    text: lines.join('\n\n'),
  };
}
