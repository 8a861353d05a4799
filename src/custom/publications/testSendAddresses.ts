import { maxTestSendAddresses } from '@contract/mailLimits';

// The addresses of a test send as typed: one per line or separated by commas, semicolons or spaces.

/** The typed addresses, trimmed, without empty entries. */
export function splitAddresses(typed: string): string[] {
  return typed
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** The check the server makes (server/src/http/inputText.ts): something@domain.tld, no spaces, one @. */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * react-admin validator of the addresses input: Dutch messages for none, too many, or the first bad one.
 * Returns a message with its values, as react-admin translates it.
 */
export function validateTestSendAddresses(value: unknown) {
  const addresses = splitAddresses(typeof value === 'string' ? value : '');
  if (addresses.length === 0) return 'app.test_send.addresses_required';
  if (addresses.length > maxTestSendAddresses) {
    return { message: 'app.test_send.too_many', args: { max: maxTestSendAddresses } };
  }
  const invalid = addresses.find((address) => !emailPattern.test(address));
  return invalid === undefined
    ? undefined
    : { message: 'app.test_send.invalid_address', args: { address: invalid } };
}
