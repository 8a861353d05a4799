import { generatePath } from 'react-router-dom';

/**
 * A route pattern with its parameters filled ('/albums/:albumId' → '/albums/a1'). A pattern without
 * parameters stays as written: generatePath would drop the trailing slash of the spec's '/recievers/lists/'.
 */
export function fillRoute(pattern: string, params: Readonly<Record<string, unknown>>): string {
  if (!pattern.includes(':')) return pattern;
  const values = Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );
  return generatePath(pattern, values);
}
