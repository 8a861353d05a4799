import path from 'node:path';
import { badRequest } from '../errors';
import { hasControlCharacter } from '../http/controlCharacters';
import { requiredText } from '../http/inputText';
import { fieldLabel } from '../contract/fieldLabels';

export const maxNameLength = 255;

/** Validates a new folder name (trimmed); throws a Dutch 400 naming `field`. */
export function validateDirectoryName(raw: string | undefined, field = 'name'): string {
  const name = requiredText(raw, field, 'Naam');
  if (name.length > maxNameLength)
    throw badRequest(field, `${fieldLabel(field)} mag hoogstens ${maxNameLength} tekens lang zijn.`);
  if (name === '.' || name === '..' || /[/\\]/.test(name) || hasControlCharacter(name)) {
    throw badRequest(field, `${fieldLabel(field)} mag geen '/' of '\\' bevatten en niet '.' of '..' zijn.`);
  }
  return name;
}

/** Validates a file's new current name (trimmed); throws a Dutch 400 naming `field`. */
export function validateFileName(raw: string | undefined, field = 'newName'): string {
  const name = requiredText(raw, field, 'Naam');
  if (name.length > maxNameLength)
    throw badRequest(field, `${fieldLabel(field)} mag hoogstens ${maxNameLength} tekens lang zijn.`);
  if (/[/\\]/.test(name) || hasControlCharacter(name)) {
    throw badRequest(field, `${fieldLabel(field)} mag geen '/' of '\\' bevatten.`);
  }
  return name;
}

/**
 * The name a client sent with an upload, made safe to store and show: only the last path segment,
 * no control characters, at most 255 characters (the extension kept), never empty.
 */
export function sanitizeUploadName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name === '' || name === '.' || name === '..') name = 'bestand';
  if (name.length > maxNameLength) {
    const extension = extensionOf(name);
    name = name.slice(0, maxNameLength - extension.length) + extension;
  }
  return name;
}

/** The extension with its leading dot, lower case (`'.jpg'`), or `''` when the name has none. */
export function extensionOf(name: string): string {
  const extension = path.extname(name).toLowerCase();
  return extension === '.' ? '' : extension;
}

/** The label the gallery shows: the name without the file's own extension. */
export function friendlyNameOf(name: string, extension: string): string {
  if (
    extension !== '' &&
    name.length > extension.length &&
    name.toLowerCase().endsWith(extension.toLowerCase())
  ) {
    return name.slice(0, -extension.length);
  }
  return name;
}
