import sanitizeHtml from 'sanitize-html';

/** The tags the console's rich-text editor produces; everything else is removed (its text kept). */
export const richTextTags = ['p', 'h2', 'h3', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'br'] as const;

/** Links must be absolute: a relative or templated href (`{{x}}`, `/pad`) could become anything later. */
const safeHref = /^(https?:\/\/|mailto:)\S/i;

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [...richTextTags],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Unknown tags go, their text stays (script, style and the like go with their content).
  disallowedTagsMode: 'discard',
  // Pasted markup maps onto the editor's tags where it means the same.
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    // An unsafe link loses its href (and below its tag); its text stays. Renaming it to a disallowed tag
    // would be simpler, but sanitize-html 2.18 then closes the next link with that name.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      return { tagName, attribs: safeHref.test(href) ? { href } : {} };
    },
  },
};

/** `<a>` left without href by the sanitiser (only sanitised output is matched, so tags are balanced). */
const linkWithoutHref = /<a>([\s\S]*?)<\/a>/g;

/**
 * The one rich-text sanitiser (sanitize-html): only the editor's tags, `href` as the only attribute, only
 * http(s) and mailto links; no script, no event handlers, no styles. Stored content has passed through it.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, sanitizeOptions).replace(linkWithoutHref, '$1').trim();
}

/** Whether sanitised rich text shows no text at all (only tags, spaces or line breaks). */
export function isBlankRichText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/** Inline styles per tag of the editor (e-mail clients ignore most <style> rules). */
export type RichTextStyles = Readonly<Record<(typeof richTextTags)[number], string>>;

const styledTag = /<(p|h2|h3|ul|ol|li|a|strong|em)(?=[\s>])/g;

/**
 * Adds each tag's inline style to sanitised rich text. Sanitised HTML has every `<` of text and attribute
 * values escaped, so a tag pattern can only meet real tags.
 */
export function inlineRichTextStyles(html: string, styles: RichTextStyles): string {
  return html.replace(styledTag, (_match, tag: keyof RichTextStyles) =>
    styles[tag] ? `<${tag} style="${styles[tag]}"` : `<${tag}`,
  );
}
