// Text pasted from Word (or Google Docs) arrives as HTML full of Office markup: conditional comments,
// <o:p>, mso- styles, class names, list bullets typed out as text. The editor keeps only the meaning:
// paragraphs, headings, bold, italic, lists and links; this turns such HTML into that before the editor
// parses it. (The server sanitises again on save; this is about what the user sees right away.)

/** Elements whose content is never text the user meant to paste. */
const dropped = 'style, script, meta, link, title, xml, head, o\\:p, template';

/** Word's list paragraphs: their marker (bullet or number) is a span with `mso-list:Ignore`. */
const isWordListParagraph = (element: Element) =>
  element.tagName === 'P' &&
  (/\bMsoListParagraph/i.test(element.className) ||
    /mso-list:\s*l\d/i.test(element.getAttribute('style') ?? ''));

export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const body = document.body;

  removeComments(body);
  for (const element of Array.from(body.querySelectorAll(dropped))) element.remove();
  rebuildWordLists(body);
  for (const element of Array.from(body.querySelectorAll('[style*="mso-list" i]'))) {
    if (/mso-list:\s*ignore/i.test(element.getAttribute('style') ?? '')) element.remove();
  }
  for (const element of Array.from(body.querySelectorAll('b, span'))) keepInlineMeaning(element);
  for (const element of Array.from(body.querySelectorAll('*'))) {
    for (const name of ['style', 'class', 'lang', 'id', 'align', 'dir']) element.removeAttribute(name);
  }
  for (const element of Array.from(body.querySelectorAll('span, font'))) unwrap(element);
  return body.innerHTML.replace(/\u00a0/g, ' ').trim();
}

function removeComments(root: Element): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

/** Which Word list a paragraph belongs to (`mso-list:l0 level1 lfo1` → l0). */
const wordListId = (element: Element) =>
  /mso-list:\s*(l\d+)/i.exec(element.getAttribute('style') ?? '')?.[1] ?? '';

/**
 * Runs of list paragraphs of one Word list become one <ul> or <ol> (ordered when the first marker is a
 * number or letter).
 */
function rebuildWordLists(root: Element): void {
  for (const first of Array.from(root.querySelectorAll('p'))) {
    if (!first.isConnected || !isWordListParagraph(first)) continue;
    const previous = first.previousElementSibling;
    if (previous && isWordListParagraph(previous) && wordListId(previous) === wordListId(first)) continue;
    const marker = first.querySelector('[style*="mso-list" i]')?.textContent?.trim() ?? '';
    const list = root.ownerDocument.createElement(/^[0-9a-z]+[.)]$/i.test(marker) ? 'ol' : 'ul');
    first.before(list);
    let paragraph: Element | null = first;
    while (paragraph && isWordListParagraph(paragraph) && wordListId(paragraph) === wordListId(first)) {
      const next: Element | null = paragraph.nextElementSibling;
      const item = root.ownerDocument.createElement('li');
      item.append(...Array.from(paragraph.childNodes));
      list.append(item);
      paragraph.remove();
      paragraph = next;
    }
  }
}

/**
 * Google Docs wraps everything in `<b style="font-weight:normal">` and marks bold and italic with span
 * styles: the wrapper goes, the styles become <strong>/<em> before all styles are dropped.
 */
function keepInlineMeaning(element: Element): void {
  const style = element.getAttribute('style') ?? '';
  if (element.tagName === 'B' && /font-weight:\s*(normal|[1-4]00)\b/i.test(style)) {
    unwrap(element);
    return;
  }
  if (element.tagName !== 'SPAN') return;
  const bold = /font-weight:\s*(bold|[6-9]00)\b/i.test(style);
  const italic = /font-style:\s*italic\b/i.test(style);
  if (!bold && !italic) return;
  let inner: Element = element;
  for (const tag of [bold && 'strong', italic && 'em'].filter(Boolean) as string[]) {
    const wrapper = element.ownerDocument.createElement(tag);
    wrapper.append(...Array.from(inner.childNodes));
    inner.append(wrapper);
    inner = wrapper;
  }
}

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}
