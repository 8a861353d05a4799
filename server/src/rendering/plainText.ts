import { compile } from 'html-to-text';

/**
 * Rich text (sanitised HTML) as plain text: links as 'text [url]', lists with bullets. Not wrapped: merge
 * fields are filled in afterwards and would leave the lines uneven.
 */
export const richTextToPlainText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
  ],
});
