import { multilineTextPattern, singleLineTextPattern } from '../contract/common';

// The contract's text rules as run-time checks, for input the schemas do not see (paths, /oidc).
const singleLineText = new RegExp(singleLineTextPattern, 'u');
const multilineText = new RegExp(multilineTextPattern, 'u');

/** Whether the text holds a C0 control character or DEL (tab, newline and CR too: one line). */
export function hasControlCharacter(value: string): boolean {
  return !singleLineText.test(value);
}

/** Whether the text holds a control character other than tab, newline and CR. */
export function hasNonTextControlCharacter(value: string): boolean {
  return !multilineText.test(value);
}

/** Whether the text holds half of a UTF-16 surrogate pair on its own (not a character; not storable). */
export function hasLoneSurrogate(value: string): boolean {
  return /\p{Cs}/u.test(value);
}
