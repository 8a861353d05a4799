import { compile } from 'html-to-text';

/** Rich text (sanitised HTML) as plain text: links as 'text [url]', lists with bullets, 78 columns. */
export const richTextToPlainText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
  ],
});
