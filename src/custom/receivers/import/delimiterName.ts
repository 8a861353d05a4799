/** The i18n key that names a file's delimiter: 'puntkomma (;)', 'komma (,)' or 'tab'. */
export function delimiterName(delimiter: string): string {
  if (delimiter === ',') return 'app.receivers.imports.delimiters.comma';
  if (delimiter === '\t') return 'app.receivers.imports.delimiters.tab';
  return 'app.receivers.imports.delimiters.semicolon';
}
