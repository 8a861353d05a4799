/** The public archive's settings parts, loaded with its settings pages (src/resources/publicArchive). */
export { PublicArchiveLinks } from './PublicArchiveLinks';
export { PublicArchiveSummary } from './PublicArchiveSummary';
