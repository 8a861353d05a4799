import { fieldLabels, hasFieldLabel } from '../contract/fieldLabels';
import { html, type SafeHtml } from '../http/html';
import type { PersonExport } from './exportPerson';

// The export as a readable Dutch page (AVG art. 15 in plain language): the same parts as the JSON, each a
// table, on a page that prints well, so staff can save it as PDF and send it to the person.

const dateTime = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
});

/** A column's or value's Dutch name: the API's field labels (contract/fieldLabels.ts), else the key itself. */
const dutchName = (key: string) => (hasFieldLabel(key) ? fieldLabels[key] : key);

/** A cell: dates the Dutch way, lists of answers as lines, named values with Dutch names, nothing as a dash. */
function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value))
    return dateTime.format(new Date(value));
  if (Array.isArray(value))
    return value
      .map((item) =>
        item && typeof item === 'object' && 'question' in item
          ? `${String((item as { question: unknown }).question)}: ${String((item as { answer?: unknown }).answer ?? '')}`
          : typeof item === 'object'
            ? JSON.stringify(item)
            : String(item),
      )
      .join('; ');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${dutchName(k)}: ${String(v)}`)
      .join('; ');
  return String(value);
}

function part(section: PersonExport['parts'][number]): SafeHtml {
  if (section.rows.length === 0)
    return html`<h2>${section.label}</h2>
      <p>${section.empty}</p>`;
  // Every value of the rows, the shown columns first: the page is the whole export, not a summary.
  const keys = [
    ...section.shown.map((column) => column.key),
    ...Object.keys(section.rows[0]).filter((key) => !section.shown.some((column) => column.key === key)),
  ];
  const labelOf = (key: string) =>
    section.shown.find((column) => column.key === key)?.label ?? dutchName(key);
  return html`<h2>${section.label}</h2>
    <table>
      <thead>
        <tr>
          ${keys.map((key) => html`<th scope="col">${labelOf(key)}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${section.rows.map(
          (row) =>
            html`<tr>
              ${keys.map((key) => html`<td>${cell(row[key])}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>`;
}

export function personHtml(person: PersonExport): string {
  return html`<!doctype html>
    <html lang="nl">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Gegevens van ${person.email}</title>
        <style>
          body {
            font:
              15px/1.5 system-ui,
              sans-serif;
            color: #1a1a1a;
            margin: 2rem auto;
            max-width: 60rem;
            padding: 0 1rem;
          }
          h1 {
            font-size: 1.6rem;
          }
          h2 {
            font-size: 1.2rem;
            margin-top: 2rem;
            border-bottom: 2px solid #1a1a1a;
          }
          table {
            border-collapse: collapse;
            width: 100%;
          }
          th,
          td {
            border: 1px solid #999;
            padding: 0.3rem 0.5rem;
            text-align: left;
            vertical-align: top;
          }
          th {
            background: #eee;
          }
          tr {
            break-inside: avoid;
          }
          @media print {
            body {
              margin: 0;
              max-width: none;
              font-size: 11pt;
            }
          }
        </style>
      </head>
      <body>
        <main>
          <h1>Gegevens van ${person.email}</h1>
          <p>Alles wat ${person.environment} over dit e-mailadres bewaart, op ${cell(person.exportedAt)}.</p>
          ${person.parts.map(part)}
        </main>
      </body>
    </html>`.toString();
}
