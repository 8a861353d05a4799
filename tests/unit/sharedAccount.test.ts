import { describe, expect, it } from 'vitest';
import { hasSharedAccount } from '../../src/boot/signInState';

const storage = (value: string | null) => ({ getItem: () => value });

describe('a new tab finds the account another tab signed in', () => {
  it("reads MSAL's shared account list", () => {
    expect(hasSharedAccount(storage('["anne@voorbeeld.nl-localhost:8443-nl"]'))).toBe(true);
  });

  it('finds none in an empty, missing or damaged list', () => {
    expect(hasSharedAccount(storage('[]'))).toBe(false);
    expect(hasSharedAccount(storage(null))).toBe(false);
    expect(hasSharedAccount(storage('{niet'))).toBe(false);
  });
});
