import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RenderedBlocks } from '../rendering/renderedBlocks';

// The console asks for a publication's preview after every save, mostly with nothing changed that the
// preview shows. A preview answer is kept here under its ETag, which derives from the preview stamps of
// the publication and its environment (new at every write that could change what the preview shows, kept
// by the database for every instance) and the rest of what the render depends on
// (publicationRendering.ts, previewAnswer): a change is a new key, so nothing has to be invalidated, and
// an unchanged preview is answered, or revalidated with a 304, without reading the publication.

/** The answers kept, the most recently used last; about 100–200 KB each. */
const capacity = 64;
const answers = new Map<string, string>();

/**
 * The blocks' parts of the previews rendered (renderedBlocks.ts), so that a preview after a save renders
 * only the block saved: a block is about 5–10 KB with its key, so the bytes bound first (some 2,000
 * blocks of 30-block publications).
 */
export const keptPreviewBlocks = new RenderedBlocks({ entries: 4000, bytes: 16 * 1024 * 1024 });

/**
 * What the ETags of this server's code depend on besides the render's input: the bundled server's own
 * file (so a deploy that changes the renderer changes every ETag, and instances of one build agree), or
 * when not bundled (tsx in development and tests) a value of this process.
 */
let codeSalt: string | undefined;
function saltOfThisCode(): string {
  const file = fileURLToPath(import.meta.url);
  codeSalt ??= file.endsWith('.js')
    ? createHash('sha256').update(readFileSync(file)).digest('base64url')
    : randomBytes(16).toString('base64url');
  return codeSalt;
}

/** The ETag of an answer that depends on `input` (any JSON-serialisable value) and this server's code. */
export function previewEtag(input: unknown): string {
  return `"${createHash('sha256').update(saltOfThisCode()).update(JSON.stringify(input)).digest('base64url')}"`;
}

/** The answer kept under `etag`, or undefined. */
export function keptPreview(etag: string): string | undefined {
  const body = answers.get(etag);
  if (body !== undefined) {
    answers.delete(etag);
    answers.set(etag, body);
  }
  return body;
}

/** Keeps an answer under its ETag, dropping the least recently used beyond the capacity. */
export function keepPreview(etag: string, body: string): void {
  answers.delete(etag);
  answers.set(etag, body);
  while (answers.size > capacity) answers.delete(answers.keys().next().value as string);
}

/** The stamps of a publication's content a preview read: the publication's, and its content variant's. */
export interface ContentStamps {
  publication: string;
  variant: string | null;
}

/** How many ETags' content stamps are remembered (some 100 bytes each). */
const stampCapacity = 1024;
const etagStamps = new Map<string, ContentStamps>();

/**
 * Remembers the content stamps an ETag was made of, so that when a client revalidates with it, the
 * stamps' query reads the blocks only if those stamps are no longer current (previewAnswer).
 */
export function rememberContentStamps(etag: string, stamps: ContentStamps): void {
  etagStamps.delete(etag);
  etagStamps.set(etag, stamps);
  while (etagStamps.size > stampCapacity) etagStamps.delete(etagStamps.keys().next().value as string);
}

/** The content stamps of the first of `etags` this process remembers, or undefined. */
export function contentStampsOf(etags: readonly string[]): ContentStamps | undefined {
  for (const etag of etags) {
    const stamps = etagStamps.get(etag);
    if (stamps !== undefined) return stamps;
  }
  return undefined;
}

/** Forgets every kept answer and block part (for benchmarks and tests that render from scratch). */
export function clearRenderedPreviews(): void {
  answers.clear();
  etagStamps.clear();
  keptPreviewBlocks.clear();
}
