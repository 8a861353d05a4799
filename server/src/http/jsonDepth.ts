import { ApiError } from '../errors';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest the contract knows is a
 * journey's graph and a block's content, a handful of levels; 64 leaves room for free-form content. A
 * body 5,000 deep overflowed the stack of every recursive walk after JSON.parse (500, ~140 ms of CPU).
 */
export const maxJsonDepth = 64;

const quote = 0x22;
const backslash = 0x5c;
const openers = new Set([0x5b, 0x7b]); // [ {
const closers = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether the JSON text opens more than `limit` arrays or objects inside one another: one pass over the
 * characters without recursion (brackets inside strings do not count), stopping at the first level too
 * deep, so the work is at most linear in the body's length whatever it holds. Malformed text is left to
 * JSON.parse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index += 1;
      else if (code === quote) inString = false;
    } else if (code === quote) {
      inString = true;
    } else if (openers.has(code)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (closers.has(code)) {
      depth -= 1;
    }
  }
  return false;
}

export const tooDeeplyNested = () =>
  new ApiError(400, `De aanvraag is te diep genest: hoogstens ${maxJsonDepth} niveaus.`, 'body');
