import { describe, expect, it } from 'vitest';
import { SeenAddresses } from '../../server/src/receivers/seenAddresses';

/** What a plain Set of lower-cased strings answers: the reference the compact set must equal. */
function referenceAnswers(addresses: readonly string[]): boolean[] {
  const seen = new Set<string>();
  return addresses.map((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('the addresses an import has seen (duplicates within a file)', () => {
  it('answers true the first time and false after that, without regard to case', () => {
    const seen = new SeenAddresses();
    expect(seen.firstTime('Anne@Voorbeeld.nl')).toBe(true);
    expect(seen.firstTime('anne@voorbeeld.NL')).toBe(false);
    expect(seen.firstTime('ANNE@VOORBEELD.NL')).toBe(false);
    expect(seen.firstTime('anne@voorbeeld.be')).toBe(true);
    expect(seen.firstTime('Éric@Exämple.nl')).toBe(true);
    expect(seen.firstTime('éric@exämple.nl')).toBe(false);
    expect(seen.size).toBe(3);
  });

  it('never takes two different addresses with the same hash for one another', () => {
    // Every address hashes alike: only the comparison of the bytes can tell them apart.
    const seen = new SeenAddresses({ hash: () => 42 });
    const addresses = ['a@x.nl', 'b@x.nl', 'a@y.nl', 'ab@x.nl', 'a@x.nl', 'B@X.NL', 'ab@x.n', 'ab@x.nl'];
    expect(addresses.map((address) => seen.firstTime(address))).toEqual(referenceAnswers(addresses));
    expect(seen.size).toBe(5);
  });

  it('still tells them apart after its table has grown (every key placed again by its bytes)', () => {
    const seen = new SeenAddresses({ hash: () => 42 });
    const addresses = Array.from({ length: 3500 }, (_, index) => `lid${index}@x.nl`);
    addresses.push('LID0@X.NL', 'lid3499@x.nl', 'lid3500@x.nl');
    expect(addresses.map((address) => seen.firstTime(address))).toEqual(referenceAnswers(addresses));
    expect(seen.size).toBe(3501);
  });

  it('tells an address without @ from one with an empty domain', () => {
    const seen = new SeenAddresses({ hash: () => 7 });
    expect(seen.firstTime('abc')).toBe(true);
    expect(seen.firstTime('abc@')).toBe(true);
    expect(seen.firstTime('ABC')).toBe(false);
    expect(seen.firstTime('abc@')).toBe(false);
  });

  it('answers like a Set of lower-cased strings over many addresses while its table grows', () => {
    const addresses: string[] = [];
    for (let index = 0; index < 60_000; index += 1) {
      addresses.push(`Persoon.${index}@domein${index % 97}.nl`);
      if (index % 7 === 0)
        addresses.push(`persoon.${Math.floor(index / 2)}@DOMEIN${Math.floor(index / 2) % 97}.nl`);
    }
    const seen = new SeenAddresses();
    expect(addresses.map((address) => seen.firstTime(address))).toEqual(referenceAnswers(addresses));
    expect(seen.size).toBe(60_000);
  });

  it('keeps addresses whose domain gets no number (more than 65,535 domains) apart and found', () => {
    const addresses: string[] = [];
    for (let index = 0; index < 70_000; index += 1) addresses.push(`info@bedrijf${index}.nl`);
    // The late domains are kept in full; their repeats, and the same local part elsewhere, still count right.
    addresses.push(
      'INFO@bedrijf69999.nl',
      'info@bedrijf69998.nl',
      'info@bedrijf1.nl',
      'post@bedrijf69999.nl',
    );
    const seen = new SeenAddresses();
    expect(addresses.map((address) => seen.firstTime(address))).toEqual(referenceAnswers(addresses));
    expect(seen.size).toBe(70_001);
  });
});
