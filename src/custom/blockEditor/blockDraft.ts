import type { BlockContent, FieldDefinition } from '@contract/publications';

// What the editor holds while someone types: every field of the block's group has a value, empty ones
// included, so inputs stay controlled. The server's content leaves empty optional fields out; these
// functions translate between the two and check a draft the way the server will (same rules, Dutch
// messages as i18n keys), so autosave only sends what can be stored.

export interface ImageDraft {
  fileId: string;
  alt: string;
  /** Adds nothing to the text: the mail gives it an empty alt text, so none is asked. */
  decorative: boolean;
}

export interface LinkDraft {
  url: string;
  text: string;
}

export type FieldDraft = string | ImageDraft | LinkDraft;

/** Values by field name. */
export type BlockDraft = Readonly<Record<string, FieldDraft>>;

/** A problem of one field (or one part of it), as an i18n key with its values. */
export interface FieldProblem {
  /** `title`, `image.alt`, `link.url`: the field name, with the part for image and link fields. */
  path: string;
  message: string;
  values?: Record<string, string | number>;
}

/** Links must be absolute http(s) or mailto addresses (the server refuses anything else). */
const safeUrl = /^(https?:\/\/|mailto:)\S+$/i;
const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const altMaxLength = 300;
const urlMaxLength = 2000;

export function draftFromContent(fields: readonly FieldDefinition[], content: BlockContent): BlockDraft {
  const draft: Record<string, FieldDraft> = {};
  for (const field of fields) {
    const value = content[field.name];
    switch (field.kind) {
      case 'image': {
        const image = typeof value === 'object' && 'fileId' in value ? value : undefined;
        draft[field.name] = {
          fileId: image?.fileId ?? '',
          alt: image?.alt ?? '',
          decorative: image?.decorative ?? false,
        };
        break;
      }
      case 'link': {
        const link = typeof value === 'object' && 'url' in value ? value : undefined;
        draft[field.name] = { url: link?.url ?? '', text: link?.text ?? '' };
        break;
      }
      default:
        draft[field.name] = typeof value === 'string' ? value : '';
    }
  }
  return draft;
}

/** The content to save: texts trimmed, empty fields left out (as the server stores them). */
export function contentFromDraft(fields: readonly FieldDefinition[], draft: BlockDraft): BlockContent {
  const content: BlockContent = {};
  for (const field of fields) {
    const value = draft[field.name];
    if (field.kind === 'image') {
      const image = asImage(value);
      if (image.fileId)
        content[field.name] = image.decorative
          ? { fileId: image.fileId, decorative: true }
          : { fileId: image.fileId, alt: image.alt.trim() };
    } else if (field.kind === 'link') {
      const link = asLink(value);
      const url = link.url.trim();
      const text = link.text.trim();
      if (url || text) content[field.name] = text ? { url, text } : { url };
    } else if (field.kind === 'richText') {
      const html = asText(value);
      if (!isBlankHtml(html)) content[field.name] = html;
    } else {
      const text = asText(value).trim();
      if (text) content[field.name] = text;
    }
  }
  return content;
}

/** What the server would refuse in this draft; an empty list means it can be saved. */
export function draftProblems(fields: readonly FieldDefinition[], draft: BlockDraft): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (path: string, message: string, values?: FieldProblem['values']) =>
    problems.push({ path, message, values });
  for (const field of fields) {
    const value = draft[field.name];
    const tooLong = (text: string, max: number | undefined, path = field.name) => {
      if (max !== undefined && text.length > max)
        add(path, 'app.publications.editor.validation.too_long', { max });
    };
    switch (field.kind) {
      case 'shortText': {
        const text = asText(value).trim();
        if (!text && field.required) add(field.name, 'app.publications.editor.validation.required');
        tooLong(text, field.maxLength);
        break;
      }
      case 'richText': {
        const html = asText(value);
        if (isBlankHtml(html) && field.required)
          add(field.name, 'app.publications.editor.validation.required');
        else tooLong(html, field.maxLength);
        break;
      }
      case 'dateTime': {
        const text = asText(value).trim();
        if (!text && field.required) add(field.name, 'app.publications.editor.validation.required');
        else if (text && !isLocalDateTime(text))
          add(field.name, 'app.publications.editor.validation.date_time');
        break;
      }
      case 'image': {
        const image = asImage(value);
        if (!image.fileId && field.required)
          add(field.name, 'app.publications.editor.validation.image_required');
        if (image.fileId && !image.decorative && !image.alt.trim())
          add(`${field.name}.alt`, 'app.publications.editor.validation.alt_required');
        if (!image.decorative) tooLong(image.alt.trim(), altMaxLength, `${field.name}.alt`);
        break;
      }
      case 'link': {
        const link = asLink(value);
        const url = link.url.trim();
        const text = link.text.trim();
        if (!url && (text || field.required))
          add(`${field.name}.url`, 'app.publications.editor.validation.url_required');
        else if (url && (!safeUrl.test(url) || !URL.canParse(url)))
          add(`${field.name}.url`, 'app.publications.editor.validation.url');
        tooLong(url, urlMaxLength, `${field.name}.url`);
        tooLong(text, field.maxLength, `${field.name}.text`);
        break;
      }
    }
  }
  return problems;
}

/** Rich text that shows no text: only tags, spaces or line breaks (an emptied editor leaves `<p></p>`). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
      .trim() === ''
  );
}

function isLocalDateTime(text: string): boolean {
  const parts = localDateTime.exec(text)?.slice(1).map(Number);
  if (!parts) return false;
  const [year, month, day, hour, minute] = parts;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

function asText(value: FieldDraft | undefined): string {
  return typeof value === 'string' ? value : '';
}

function asImage(value: FieldDraft | undefined): ImageDraft {
  return typeof value === 'object' && 'fileId' in value ? value : { fileId: '', alt: '', decorative: false };
}

function asLink(value: FieldDraft | undefined): LinkDraft {
  return typeof value === 'object' && 'url' in value ? value : { url: '', text: '' };
}
