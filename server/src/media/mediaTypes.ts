/** Extensions (lower case, leading dot) the console previews and the CDN resizes (spec §9). */
export const imageExtensions = ['.jpg', '.jpeg', '.gif', '.png', '.webp', '.svg'] as const;
export type ImageExtension = (typeof imageExtensions)[number];

/** Raster formats sharp resizes; SVG is an image too but is always sent as is. */
const rasterExtensions = new Set<string>(['.jpg', '.jpeg', '.gif', '.png', '.webp']);

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
};

export function isImageExtension(extension: string): extension is ImageExtension {
  return (imageExtensions as readonly string[]).includes(extension.toLowerCase());
}

export function isRasterExtension(extension: string): boolean {
  return rasterExtensions.has(extension.toLowerCase());
}

const opaqueBytes = 'application/octet-stream';

/**
 * Every media type a stored file can be sent with (`contentTypeOf`, without parameters such as the
 * charset): what the contract documents for a route that answers with the file as it is.
 */
export const storedFileMediaTypes: readonly string[] = [
  ...new Set([...Object.values(contentTypes), opaqueBytes].map((type) => type.split(';')[0]!.trim())),
];

/** The Content-Type a stored file is sent with; unknown types are opaque bytes. */
export function contentTypeOf(extension: string): string {
  return contentTypes[extension.toLowerCase()] ?? opaqueBytes;
}
