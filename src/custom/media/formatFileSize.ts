/** The units of spec §9, base 1024: Bytes, KB, MB, … YB. */
export const fileSizeUnits = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

const dutchNumber = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2, useGrouping: false });

/**
 * A file size for people (spec §9): base 1024, Bytes through YB, at most 2 decimals, Dutch notation
 * (`1536` -> `1,5 KB`, `0` -> `0 Bytes`).
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${fileSizeUnits[0]}`;
  let exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), fileSizeUnits.length - 1);
  let value = Number((bytes / 1024 ** exponent).toFixed(2));
  // 1048575 bytes rounds to 1024 KB: say 1 MB instead.
  if (value >= 1024 && exponent < fileSizeUnits.length - 1) {
    exponent += 1;
    value = Number((bytes / 1024 ** exponent).toFixed(2));
  }
  return `${dutchNumber.format(value)} ${fileSizeUnits[exponent]}`;
}
