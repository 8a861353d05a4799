// The e-mail addresses an import has met so far, so that a later row with the same address (in any case)
// counts as a duplicate within the file. A JavaScript Set of 1,000,000 such strings holds ~60 MB of heap
// and ~115 MB of resident memory, all of which the garbage collector traces again and again during the
// import (docs/performance.md, "List import"). Here each address is kept as bytes in pages outside the
// heap: its domain as a two-byte number (a file has few distinct domains) and its local part as UTF-8,
// found through an open-addressing table that holds, per slot, where the bytes are and eight bits of
// their hash; some 22 to 28 bytes an address. A lookup compares the bytes themselves, so two different
// addresses with the same hash are never taken for one another: a collision only costs one more probe.

/** Bytes per page of keys (a key never spans two pages). */
const pageBytes = 1 << 20;
/** Each stored key starts with its length in two bytes. */
const lengthBytes = 2;
/** Domains numbered; past this many, an address's domain is kept in full with it (under `fullAddress`). */
const maxDomains = 0xffff;
const fullAddress = 0xffff;
const initialSlots = 4096;
const maxLoad = 0.75;

export class SeenAddresses {
  /** Per slot: 1 + where the key's bytes start (0: an empty slot). */
  private slots = new Uint32Array(initialSlots);
  /**
   * Per slot: the low eight bits of the key's hash (the slot comes from the high ones), to pass most
   * other keys without reading their bytes.
   */
  private tags = new Uint8Array(initialSlots);
  private slotCount = initialSlots;
  private pages: Buffer[] = [];
  /** How many bytes of each page hold keys (the rest of a page is unused). */
  private pageEnds: number[] = [];
  private readonly domains = new Map<string, number>();
  private scratch = Buffer.allocUnsafe(1024);
  private count = 0;
  private readonly hash: KeyHash;

  /** `hash`: only for tests, to make different addresses collide. */
  constructor(options: { hash?: KeyHash } = {}) {
    this.hash = options.hash ?? hashBytes;
  }

  get size(): number {
    return this.count;
  }

  /** Records the address (compared without case); true the first time it is met, false after that. */
  firstTime(address: string): boolean {
    const length = this.encode(address.toLowerCase());
    const hash = this.hash(this.scratch, 0, length) >>> 0;
    const tag = hash & 0xff;
    let slot = this.home(hash);
    for (;;) {
      const stored = this.slots[slot];
      if (stored === 0) break;
      if (this.tags[slot] === tag && this.equalsStored(stored - 1, length)) return false;
      slot = slot + 1 === this.slotCount ? 0 : slot + 1;
    }
    this.slots[slot] = this.store(length) + 1;
    this.tags[slot] = tag;
    this.count += 1;
    if (this.count > this.slotCount * maxLoad) this.grow();
    return true;
  }

  /**
   * Writes the key of an address into the scratch buffer, answering its length: the domain's number, then
   * the local part; or `fullAddress`, then the whole address (no '@', or no number left for its domain).
   * A domain keeps its number (or its lack of one) for the whole import, so one address has one key.
   */
  private encode(address: string): number {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    const needed = 2 + address.length * 3;
    if (needed > this.scratch.length) this.scratch = Buffer.allocUnsafe(needed);
    const at = address.lastIndexOf('@');
    let number: number | undefined;
    if (at >= 0) {
      const domain = address.slice(at + 1);
      number = this.domains.get(domain);
      if (number === undefined && this.domains.size < maxDomains) {
        number = this.domains.size;
        this.domains.set(domain, number);
      }
    }
    this.scratch.writeUInt16LE(number ?? fullAddress, 0);
    const length = 2 + this.scratch.write(number === undefined ? address : address.slice(0, at), 2, 'utf8');
    if (length > 0xffff) throw new RangeError('An address longer than 65,533 bytes cannot be kept.');
    return length;
  }

  /** The first slot to look at for a hash (its place in the table, scaled without a division). */
  private home(hash: number): number {
    return Math.floor((hash * this.slotCount) / 0x1_0000_0000);
  }

  /** Whether the key stored at `offset` has the scratch's first `length` bytes. */
  private equalsStored(offset: number, length: number): boolean {
    const page = this.pages[Math.floor(offset / pageBytes)];
    const start = offset % pageBytes;
    if (page.readUInt16LE(start) !== length) return false;
    return page.compare(this.scratch, 0, length, start + lengthBytes, start + lengthBytes + length) === 0;
  }

  /** Appends the scratch's first `length` bytes; answers where they start. */
  private store(length: number): number {
    const last = this.pages.length - 1;
    if (last < 0 || this.pageEnds[last] + lengthBytes + length > pageBytes) {
      this.pages.push(Buffer.allocUnsafe(pageBytes));
      this.pageEnds.push(0);
      return this.store(length);
    }
    const start = this.pageEnds[last];
    const offset = last * pageBytes + start;
    if (offset >= 0xffffffff) throw new RangeError('More than 4 GB of addresses cannot be kept.');
    this.pages[last].writeUInt16LE(length, start);
    this.scratch.copy(this.pages[last], start + lengthBytes, 0, length);
    this.pageEnds[last] = start + lengthBytes + length;
    return offset;
  }

  /** Makes the table 1.5 times larger and places every key again, read in order from the pages. */
  private grow(): void {
    this.slotCount = Math.ceil(this.slotCount * 1.5);
    this.slots = new Uint32Array(this.slotCount);
    this.tags = new Uint8Array(this.slotCount);
    this.pages.forEach((page, pageIndex) => {
      for (let start = 0; start < this.pageEnds[pageIndex];) {
        const length = page.readUInt16LE(start);
        const hash = this.hash(page, start + lengthBytes, length) >>> 0;
        let slot = this.home(hash);
        while (this.slots[slot] !== 0) slot = slot + 1 === this.slotCount ? 0 : slot + 1;
        this.slots[slot] = pageIndex * pageBytes + start + 1;
        this.tags[slot] = hash & 0xff;
        start += lengthBytes + length;
      }
    });
  }
}

/** A hash of the `length` bytes from `start`. */
type KeyHash = (bytes: Buffer, start: number, length: number) => number;

/** FNV-1a over the bytes, then murmur3's finaliser, so that both ends (slot and tag) are well mixed. */
function hashBytes(bytes: Buffer, start: number, length: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < start + length; index += 1)
    hash = Math.imul(hash ^ bytes[index], 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
