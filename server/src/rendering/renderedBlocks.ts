// A preview is asked for after every save, and a save changes one block: the other blocks render to what
// they rendered before. Their part of the render is kept here under a key that spells out everything the
// part is made of (renderPublication's blockKey: the layout and the theme's style, the block's id when it
// gets an anchor, its fields, its content and the images it shows), so a change of any of those is a new
// key and nothing kept can be stale; old keys age out.

/** A block's part of a render: its HTML (anchor, block fragments) and its plain text; null when it shows nothing. */
export type BlockPart = { html: string; text: string } | null;

/** Bounds of a RenderedBlocks: entries, and bytes of keys and parts (UTF-16, 2 bytes a character). */
export interface RenderedBlocksLimits {
  entries: number;
  bytes: number;
}

/** Block parts kept, the most recently used last, within both limits. */
export class RenderedBlocks {
  private readonly parts = new Map<string, { part: BlockPart; bytes: number }>();
  private bytes = 0;

  constructor(private readonly limits: RenderedBlocksLimits) {}

  /** The part kept under `key`, or undefined. */
  get(key: string): BlockPart | undefined {
    const kept = this.parts.get(key);
    if (kept === undefined) return undefined;
    this.parts.delete(key);
    this.parts.set(key, kept);
    return kept.part;
  }

  /** Keeps a part under its key, dropping the least recently used beyond the limits. */
  set(key: string, part: BlockPart): void {
    this.delete(key);
    const bytes = 2 * (key.length + (part ? part.html.length + part.text.length : 0));
    if (bytes > this.limits.bytes) return;
    this.parts.set(key, { part, bytes });
    this.bytes += bytes;
    while (this.parts.size > this.limits.entries || this.bytes > this.limits.bytes) {
      this.delete(this.parts.keys().next().value as string);
    }
  }

  /** How many parts are kept and their bytes (for tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.parts.size, bytes: this.bytes };
  }

  clear(): void {
    this.parts.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const kept = this.parts.get(key);
    if (kept === undefined) return;
    this.parts.delete(key);
    this.bytes -= kept.bytes;
  }
}
