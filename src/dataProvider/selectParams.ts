import type { CallValues, ParamSelection } from '../declarative/apiMapping';

/** Picks the values a declaration sends (see ParamSelection); `undefined` values are left out. */
export function selectParams(selection: ParamSelection, values: CallValues): Record<string, unknown> {
  const selected = typeof selection === 'function' ? selection(values) : pickNamed(selection, values);
  return Object.fromEntries(Object.entries(selected).filter(([, value]) => value !== undefined));
}

function pickNamed(
  selection: readonly string[] | Readonly<Record<string, string>>,
  values: CallValues,
): Record<string, unknown> {
  const pairs: [wireName: string, valueName: string][] = isNameList(selection)
    ? selection.map((name) => [name, name])
    : Object.entries(selection);
  return Object.fromEntries(pairs.map(([wireName, valueName]) => [wireName, values[valueName]]));
}

// Array.isArray does not narrow readonly arrays.
function isNameList(selection: object): selection is readonly string[] {
  return Array.isArray(selection);
}
