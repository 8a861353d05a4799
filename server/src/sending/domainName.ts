import { badRequest } from '../errors';

// A sending domain as a person types it ('Zuiderveen.nl.', ' zuiderveen.nl'): trimmed, lower case, without
// the root dot. Only a DNS name passes: letters, digits and hyphens in labels of 1-63 characters, at least two
// labels, a top-level label that is not all digits (so no IP address), 253 characters at most.

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The normalised domain name, or undefined when it is none. */
export function normaliseDomain(typed: string): string | undefined {
  const domain = typed.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length === 0 || domain.length > 253) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((part) => label.test(part))) return undefined;
  if (/^\d+$/.test(labels[labels.length - 1])) return undefined;
  return domain;
}

/** The normalised domain, or a 400 naming the field with a Dutch message. */
export function requiredDomain(typed: string, field: string): string {
  const domain = normaliseDomain(typed);
  if (!domain) {
    throw badRequest(
      field,
      typed.trim()
        ? `'${typed.trim()}' is geen geldige domeinnaam. Vul een domein in zoals zuiderveen.nl.`
        : 'Domein is een verplicht veld',
    );
  }
  return domain;
}

/** The domain of an address (lower case), e.g. 'zuiderveen.nl' for 'nieuws@Zuiderveen.nl'. */
export function domainOfAddress(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}
