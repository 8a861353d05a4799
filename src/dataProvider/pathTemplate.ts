import type { CallValues } from '../declarative/apiMapping';

const placeholder = /\{(\w+)(\*?)\}/g;

/**
 * Fills `{name}` placeholders from the call values, URL-encoded: '/list/manual/{listId}/subscriber/{id}'.
 * `{name*}` keeps the slashes of a value that is itself a path ('/media/{path*}').
 * A missing value is a mistake in the declaration or the caller, so it throws rather than call '/undefined'.
 */
export function fillPathTemplate(template: string, values: CallValues): string {
  return template.replace(placeholder, (_match, name: string, keepSlashes: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`No value for {${name}} in path ${template}`);
    }
    const text = String(value);
    return keepSlashes ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text);
  });
}
