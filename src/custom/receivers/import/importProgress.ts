import type { ListImport } from '@contract/listImports';

/** How far a running import is: percent of the rows expected, and the seconds left (null: not known yet). */
export function importProgress(status: Pick<ListImport, 'rowsDone' | 'rowsEstimated' | 'rowsPerSecond'>): {
  percent: number;
  secondsLeft: number | null;
} {
  const { rowsDone, rowsEstimated, rowsPerSecond } = status;
  const percent = rowsEstimated > 0 ? Math.min(100, Math.round((rowsDone / rowsEstimated) * 100)) : 0;
  const secondsLeft =
    rowsDone > 0 && rowsPerSecond > 0 && rowsEstimated >= rowsDone
      ? Math.ceil((rowsEstimated - rowsDone) / rowsPerSecond)
      : null;
  return { percent, secondsLeft };
}

/** The time left as an i18n key and count: seconds below two minutes, else whole minutes. */
export function timeLeftText(seconds: number): { key: string; count: number } {
  if (seconds < 120) return { key: 'app.receivers.imports.progress.seconds', count: Math.max(1, seconds) };
  return { key: 'app.receivers.imports.progress.minutes', count: Math.round(seconds / 60) };
}
