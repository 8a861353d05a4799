import type { RaRecord } from 'react-admin';
import type { ResourceDeclaration } from './resourceDeclaration';

/** The record's name in a detail view's titles and labels (their `%{name}`); empty without a representation. */
export function recordName(declaration: ResourceDeclaration, record: RaRecord): string {
  return declaration.recordRepresentation ? String(record[declaration.recordRepresentation] ?? '') : '';
}
