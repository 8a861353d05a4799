/**
 * A web font's URL must be a full https:// address of its CSS (spec §5); the server also checks that it
 * names a stylesheet. Blank input is left to `required`.
 */
export function stylesheetUrl(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return undefined;
  return isHttpsUrl(text) ? undefined : 'app.settings.fonts.url_invalid';
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}
