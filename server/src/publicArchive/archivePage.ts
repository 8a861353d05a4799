import { html } from '../http/html';
import { publicPage } from '../publicPages/layout';
import type { PageLook } from '../publicPages/pageLook';
import { publicWebVersionUrl } from '../publicPages/webVersionAddress';
import { publicArchiveFeedUrl, publicArchiveUrl } from './archiveAddress';
import type { ArchivePage } from './archivedPublications';

const sentOn = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' });

/** The page number in an archive address: the first page has none. */
export const archivePageParameter = 'pagina';

/**
 * The archive's page in the public-page layout and the environment's theme: each publication's title
 * links to its public web version (merge fields at their fallback, no personal links), newest first,
 * with links to newer and older pages and to the feed.
 */
export function archivePageHtml(
  look: PageLook,
  publicUrl: string,
  environmentId: string,
  page: number,
  { publications, hasMore }: ArchivePage,
): string {
  const archiveUrl = publicArchiveUrl(publicUrl, environmentId);
  const feedUrl = publicArchiveFeedUrl(publicUrl, environmentId);
  const pageUrl = (number: number) =>
    number === 1 ? archiveUrl : `${archiveUrl}?${archivePageParameter}=${number}`;
  const title = 'Archief';
  const content = html`<h1>${title}</h1>
    <p>Eerder verstuurde publicaties van ${look.environmentName || 'deze organisatie'}, de nieuwste eerst.</p>
    ${
      publications.length === 0
        ? html`<p class="notice">Er staan nog geen publicaties in het archief.</p>`
        : html`<ol class="archive-list">
            ${publications.map(
              (publication) =>
                html`<li>
                  <h2>
                    <a
                      href="${publicWebVersionUrl(publicUrl, { environmentId, publicationId: publication.id })}"
                      >${publication.title}</a
                    >
                  </h2>
                  <p class="archive-date">
                    <time datetime="${publication.sentAt.toISOString()}"
                      >${sentOn.format(publication.sentAt)}</time
                    >
                  </p>
                  ${publication.summary ? html`<p>${publication.summary}</p>` : ''}
                </li>`,
            )}
          </ol>`
    }
    ${
      page > 1 || hasMore
        ? html`<nav class="archive-pages" aria-label="Pagina's van het archief">
            ${page > 1 ? html`<a href="${pageUrl(page - 1)}">Nieuwere publicaties</a>` : ''}
            ${hasMore ? html`<a href="${pageUrl(page + 1)}">Oudere publicaties</a>` : ''}
          </nav>`
        : ''
    }
    <p class="archive-feed"><a href="${feedUrl}">Volg het archief in je feedlezer (Atom)</a></p>`;
  return publicPage(look, page > 1 ? `${title}, pagina ${page}` : title, content, {
    feed: { href: feedUrl, title: `${title} – ${look.environmentName}` },
    indexable: true,
  });
}

/** A page number that is no page of the archive: said in the archive's look, with the way to its first page. */
export function missingArchivePageHtml(look: PageLook, publicUrl: string, environmentId: string): string {
  return publicPage(
    look,
    'Pagina niet gevonden',
    html`<h1>Deze pagina bestaat niet</h1>
      <p>
        Zoveel pagina's heeft het archief niet.
        <a href="${publicArchiveUrl(publicUrl, environmentId)}">Naar de eerste pagina</a>
      </p>`,
  );
}
