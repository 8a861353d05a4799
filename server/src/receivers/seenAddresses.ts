// The e-mail addresses an import has met so far, so that a later row with the same address (in any case)
// counts as a duplicate within the file. A JavaScript Set of 1,000,000 such strings holds ~60 MB of heap
// and ~115 MB of resident memory, all of which the garbage collector traces again and again during the
// import (docs/performance.md, "List import"). Here each address is kept as bytes in pages outside the
// heap: its domain as a two-byte number (a file has few distinct domains) and its local part as UTF-8,
// found through an open-addressing table of hashes; about 25 bytes an address. A lookup compares the
// bytes themselves, so two different addresses with the same hash are never taken for one another: a
// collision only costs one more probe.

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
  /** Per slot: the key's hash and 1 + where its bytes start (0: an empty slot). */
  private slots = new Uint32Array(2 * initialSlots);
  private slotCount = initialSlots;
  private pages: Buffer[] = [];
  /** Where the next key goes in the last page. */
  private pageEnd = pageBytes;
  private readonly domains = new Map<string, number>();
  private scratch = Buffer.allocUnsafe(1024);
  private count = 0;
  private readonly hash: (bytes: Buffer, length: number) => number;

  /** `hash`: only for tests, to make different addresses collide. */
  constructor(options: { hash?: (bytes: Buffer, length: number) => number } = {}) {
    this.hash = options.hash ?? hashBytes;
  }

  get size(): number {
    return this.count;
  }

  /** Records the address (compared without case); true the first time it is met, false after that. */
  firstTime(address: string): boolean {
    const length = this.encode(address.toLowerCase());
    const hash = this.hash(this.scratch, length) >>> 0;
    let slot = this.home(hash);
    for (;;) {
      const stored = this.slots[2 * slot + 1];
      if (stored === 0) break;
      if (this.slots[2 * slot] === hash && this.equalsStored(stored - 1, length)) return false;
      slot = slot + 1 === this.slotCount ? 0 : slot + 1;
    }
    this.slots[2 * slot] = hash;
    this.slots[2 * slot + 1] = this.store(length) + 1;
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
    if (this.pageEnd + lengthBytes + length > pageBytes) {
      this.pages.push(Buffer.allocUnsafe(pageBytes));
      this.pageEnd = 0;
    }
    const page = this.pages[this.pages.length - 1];
    const start = this.pageEnd;
    const offset = (this.pages.length - 1) * pageBytes + start;
    if (offset >= 0xffffffff) throw new RangeError('More than 4 GB of addresses cannot be kept.');
    page.writeUInt16LE(length, start);
    this.scratch.copy(page, start + lengthBytes, 0, length);
    this.pageEnd += lengthBytes + length;
    return offset;
  }

  /** Makes the table 1.5 times larger, placing every key again by its kept hash (the bytes are not read). */
  private grow(): void {
    const old = this.slots;
    this.slotCount = Math.ceil(this.slotCount * 1.5);
    this.slots = new Uint32Array(2 * this.slotCount);
    for (let index = 0; index < old.length; index += 2) {
      if (old[index + 1] === 0) continue;
      let slot = this.home(old[index]);
      while (this.slots[2 * slot + 1] !== 0) slot = slot + 1 === this.slotCount ? 0 : slot + 1;
      this.slots[2 * slot] = old[index];
      this.slots[2 * slot + 1] = old[index + 1];
    }
  }
}

/** FNV-1a over the bytes, then murmur3's finaliser, so that the high bits (the slot) are well mixed. */
function hashBytes(bytes: Buffer, length: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < length; index += 1) hash = Math.imul(hash ^ bytes[index], 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
