import { html } from '../http/html';
import { publicWebVersionUrl } from '../publicPages/webVersionAddress';
import { publicArchiveFeedUrl, publicArchiveUrl } from './archiveAddress';
import type { ArchivedPublication } from './archivedPublications';

/**
 * The archive's Atom feed (RFC 4287): the newest page of the archive, each entry with its web version
 * as its id and link. The `html` tag's escaping (the five XML characters, `'` as a numeric reference) is
 * XML's as well; the text rule keeps control characters out of every stored text.
 */
export function archiveFeedXml(
  publicUrl: string,
  environmentId: string,
  environmentName: string,
  publications: readonly ArchivedPublication[],
  /** The feed's `updated` while it has no entries. */
  quietSince: Date,
): string {
  const archiveUrl = publicArchiveUrl(publicUrl, environmentId);
  const feedUrl = publicArchiveFeedUrl(publicUrl, environmentId);
  // Newest first: the first entry is the feed's latest change.
  const updated = publications.length > 0 ? publications[0].sentAt : quietSince;
  const title = environmentName ? `Archief – ${environmentName}` : 'Archief';
  return html`<?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="nl">
      <id>${feedUrl}</id>
      <title>${title}</title>
      <updated>${updated.toISOString()}</updated>
      <author><name>${environmentName || 'Archief'}</name></author>
      <link rel="self" type="application/atom+xml" href="${feedUrl}" />
      <link rel="alternate" type="text/html" href="${archiveUrl}" />
      ${publications.map((publication) => {
        const url = publicWebVersionUrl(publicUrl, { environmentId, publicationId: publication.id });
        return html`
          <entry>
            <id>${url}</id>
            <title>${publication.title}</title>
            <updated>${publication.sentAt.toISOString()}</updated>
            <published>${publication.sentAt.toISOString()}</published>
            <link rel="alternate" type="text/html" href="${url}" />
            <summary>${publication.summary ?? publication.title}</summary>
          </entry>
        `;
      })}</feed
    > `.value;
}
