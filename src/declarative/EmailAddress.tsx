import type { CSSProperties } from 'react';

const whole: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * An e-mail address that breaks over two lines only before its '@' ('anne.dijkstra' / '@post.example.nl'),
 * never inside a name or a domain: broken anywhere, an address is hard to read and to copy.
 * A plain element, as the table draws 250 of them at once.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <span style={whole}>{address}</span>;
  return (
    <span>
      <span style={whole}>{address.slice(0, at)}</span>
      <wbr />
      <span style={whole}>{address.slice(at)}</span>
    </span>
  );
}
