import type { PublicationBlock } from '@contract/publications';

const summaryLength = 80;

/**
 * What a block is about, for the block list: its title, else its first other text (a name, a place, a
 * caption, the start of its rich text), so a new or title-less block is recognisable by its own words
 * rather than by a number. Undefined while the block has no text at all.
 */
export function blockSummary(block: PublicationBlock): string | undefined {
  const { title, ...rest } = block.content;
  const texts = [title, ...Object.values(rest)]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => plainText(value))
    .filter((text) => text !== '');
  const [first] = texts;
  if (first === undefined) return undefined;
  return first.length > summaryLength ? `${first.slice(0, summaryLength - 1).trimEnd()}…` : first;
}

/** Rich text without its tags and entities, on one line. */
function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
