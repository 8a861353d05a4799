import type { FileUsage } from '@contract/media';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';

/** Where a file is used (`GET /file/{id}/usage`), read afresh each time the details panel opens. */
export function useFileUsage(fileId: string) {
  return useDeclaredQuery('mediaFiles', 'usage', { id: fileId });
}

/** What deleting the file would do: refused (the logo, a sent publication), break drafts, or nothing. */
export function deletionImpact(usage: FileUsage | undefined): 'refused' | 'drafts' | 'none' {
  if (!usage) return 'none';
  if (usage.themeLogo || usage.publications.some((publication) => publication.sent)) return 'refused';
  return usage.publications.length > 0 ? 'drafts' : 'none';
}
