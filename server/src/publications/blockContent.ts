import { and, eq, inArray } from 'drizzle-orm';
import type { BlockContent, FieldDefinition, ImageValue, LinkValue } from '../contract/publications';
import type { Database } from '../db/client';
import { mediaFiles } from '../db/schema';
import { badRequest } from '../errors';
import { isRasterExtension } from '../media/mediaTypes';
import { recipientMergeFieldLabels } from '../contract/mergeFields';
import { unknownMergeFields } from '../rendering/mergeFields';
import { isBlankRichText, sanitizeRichText } from '../rendering/richText';

// A block's content is checked field by field against its repeatable group's definition. Every refusal is
// a 400 naming the field as `content.{name}` (or `content.{name}.{part}`), with a Dutch message; the
// checked content is what gets stored: texts trimmed, rich text sanitised, empty optional fields left out.

const altMaxLength = 300;
const urlMaxLength = 2000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const safeUrl = /^(https?:\/\/|mailto:)\S+$/i;
const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A value being checked: its API path (`content.image.alt`) and the Dutch name staff see ('Alternatieve tekst bij Afbeelding'). */
interface Subject {
  path: string;
  label: string;
}

const partLabels: Readonly<Record<string, string>> = {
  alt: 'Alternatieve tekst',
  url: 'Webadres',
  text: 'Knoptekst',
  fileId: 'Afbeelding',
  decorative: 'Decoratief',
};

const part = (subject: Subject, key: string): Subject => ({
  path: `${subject.path}.${key}`,
  label: `${partLabels[key] ?? `Het onderdeel '${key}'`} bij ${subject.label}`,
});

const fieldError = (subject: Subject, problem: string) =>
  badRequest(subject.path, `${subject.label} ${problem}`);

/**
 * Checks `content` against the group's `fields` and answers the content to store; images must be raster
 * images of the environment's media library (one query for all of them).
 */
export async function checkBlockContent(
  db: Database,
  environmentId: string,
  fields: readonly FieldDefinition[],
  content: Readonly<Record<string, unknown>>,
): Promise<BlockContent> {
  const known = new Set(fields.map((field) => field.name));
  const unknown = Object.keys(content).find((name) => !known.has(name));
  if (unknown !== undefined) {
    throw badRequest(`content.${unknown}`, `Het veld '${unknown}' is onbekend bij dit bloktype.`);
  }

  const checked: BlockContent = {};
  const images: Array<{ subject: Subject; fileId: string }> = [];
  for (const field of fields) {
    const subject: Subject = { path: `content.${field.name}`, label: field.label };
    const value = checkField(field, subject, content[field.name]);
    if (value === undefined) {
      if (field.required) throw fieldError(subject, 'is verplicht.');
      continue;
    }
    if (field.kind === 'image') images.push({ subject, fileId: (value as ImageValue).fileId });
    checked[field.name] = value;
  }
  await checkImages(db, environmentId, images);
  return checked;
}

/** The stored form of one value, or undefined when it is empty. */
function checkField(field: FieldDefinition, path: Subject, value: unknown): BlockContent[string] | undefined {
  if (value === undefined || value === null) return undefined;
  switch (field.kind) {
    case 'shortText':
      return emptyToUndefined(checkText(path, value, field.maxLength));
    case 'richText': {
      if (typeof value !== 'string') throw fieldError(path, 'moet tekst (HTML) zijn.');
      const html = sanitizeRichText(value);
      if (isBlankRichText(html)) return undefined;
      if (field.maxLength !== undefined && html.length > field.maxLength) {
        throw fieldError(path, `mag hoogstens ${field.maxLength} tekens lang zijn.`);
      }
      checkMergeFields(path, html);
      return html;
    }
    case 'image':
      return checkImage(path, value);
    case 'link':
      return checkLink(path, value, field.maxLength);
    case 'dateTime':
      return emptyToUndefined(checkDateTime(path, value));
  }
}

function checkText(path: Subject, value: unknown, maxLength: number | undefined): string {
  if (typeof value !== 'string') throw fieldError(path, 'moet tekst zijn.');
  const text = value.trim();
  if (maxLength !== undefined && text.length > maxLength) {
    throw fieldError(path, `mag hoogstens ${maxLength} tekens lang zijn.`);
  }
  checkMergeFields(path, text);
  return text;
}

function checkMergeFields(path: Subject, text: string): void {
  const [unknown] = unknownMergeFields(text);
  if (unknown !== undefined) {
    throw fieldError(
      path,
      `bevat het onbekende samenvoegveld {{${unknown}}}. Kies een veld met de knop 'Samenvoegveld'; beschikbaar zijn: ${Object.values(recipientMergeFieldLabels).join(', ')}.`,
    );
  }
}

function checkImage(path: Subject, value: unknown): ImageValue | undefined {
  if (!isObject(value)) throw fieldError(path, 'moet een afbeelding {fileId, alt, decorative} zijn.');
  unexpectedPart(path, value, ['fileId', 'alt', 'decorative']);
  const { fileId, alt, decorative } = value;
  if (fileId === undefined || fileId === null || fileId === '') return undefined;
  if (typeof fileId !== 'string' || !uuidPattern.test(fileId)) {
    throw fieldError(part(path, 'fileId'), 'moet een geldige GUID zijn.');
  }
  if (decorative !== undefined && decorative !== null && typeof decorative !== 'boolean') {
    throw fieldError(part(path, 'decorative'), 'moet true of false zijn.');
  }
  // A decorative image adds nothing to the text: screen readers skip it (alt=""), so no text is kept.
  if (decorative === true) return { fileId: fileId.toLowerCase(), decorative: true };
  const altText = alt === undefined || alt === null ? '' : checkText(part(path, 'alt'), alt, altMaxLength);
  if (!altText) {
    throw fieldError(
      part(path, 'alt'),
      "is verplicht: beschrijf wat de afbeelding laat zien, of vink 'Decoratief' aan als ze niets toevoegt.",
    );
  }
  return { fileId: fileId.toLowerCase(), alt: altText };
}

function checkLink(path: Subject, value: unknown, textMaxLength: number | undefined): LinkValue | undefined {
  if (!isObject(value)) throw fieldError(path, 'moet een link {url, text} zijn.');
  unexpectedPart(path, value, ['url', 'text']);
  const url =
    value.url === undefined || value.url === null
      ? ''
      : checkText(part(path, 'url'), value.url, urlMaxLength);
  const text =
    value.text === undefined || value.text === null
      ? ''
      : checkText(part(path, 'text'), value.text, textMaxLength);
  if (!url) {
    if (text) throw fieldError(part(path, 'url'), 'is verplicht als er een knoptekst is.');
    return undefined;
  }
  if (!safeUrl.test(url) || !URL.canParse(url)) {
    throw fieldError(
      part(path, 'url'),
      'moet een volledige URL zijn die begint met http://, https:// of mailto:.',
    );
  }
  return text ? { url, text } : { url };
}

function checkDateTime(path: Subject, value: unknown): string {
  if (typeof value !== 'string') throw fieldError(path, 'moet een datum en tijd zijn (JJJJ-MM-DDTUU:MM).');
  const text = value.trim();
  if (!text) return text;
  const parts = localDateTime.exec(text)?.slice(1).map(Number);
  const valid =
    parts !== undefined &&
    (() => {
      const [year, month, day, hour, minute] = parts;
      const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
      return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
    })();
  if (!valid) throw fieldError(path, 'moet een geldige datum en tijd zijn (JJJJ-MM-DDTUU:MM).');
  return text;
}

/** Image fields must name raster images (jpg, png, gif, webp) of the environment's own media library. */
async function checkImages(
  db: Database,
  environmentId: string,
  images: ReadonlyArray<{ subject: Subject; fileId: string }>,
): Promise<void> {
  if (images.length === 0) return;
  const files = await db
    .select({ id: mediaFiles.id, extension: mediaFiles.extension })
    .from(mediaFiles)
    .where(
      and(
        eq(mediaFiles.environmentId, environmentId),
        inArray(
          mediaFiles.id,
          images.map((image) => image.fileId),
        ),
      ),
    )
    // Held until the block's save commits: a file being deleted (media/fileUsage.ts) cannot get a new use.
    .for('share');
  const rasterIds = new Set(files.filter((file) => isRasterExtension(file.extension)).map((file) => file.id));
  const refused = images.find((image) => !rasterIds.has(image.fileId));
  if (refused) {
    throw fieldError(
      part(refused.subject, 'fileId'),
      'moet een afbeelding (jpg, png, gif of webp) uit de mediabibliotheek van deze omgeving zijn.',
    );
  }
}

function unexpectedPart(path: Subject, value: Record<string, unknown>, allowed: readonly string[]): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined)
    throw badRequest(`${path.path}.${extra}`, `Het onderdeel '${extra}' bij ${path.label} is onbekend.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function emptyToUndefined(text: string): string | undefined {
  return text === '' ? undefined : text;
}
