import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../server/src/contract/publications';
import { layoutNames } from '../../server/src/rendering/layouts';
import {
  renderPublication,
  type PublicationRenderInput,
  type RenderBlock,
} from '../../server/src/rendering/renderPublication';
import { themeStyle } from '../../server/src/rendering/themeStyle';

// The messages themselves, as a recipient's mail client gets them: accessible (Dutch public bodies must
// publish accessibly, also by e-mail), valid HTML, and small enough that Gmail does not clip them.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const gmailClipBytes = 102 * 1000;

const field = {
  title: { name: 'title', label: 'Titel', kind: 'shortText', required: true, display: 'heading' },
  startsAt: { name: 'startsAt', label: 'Datum en tijd', kind: 'dateTime', required: true },
  location: { name: 'location', label: 'Locatie', kind: 'shortText', required: false },
  text: { name: 'text', label: 'Tekst', kind: 'richText', required: false },
  image: { name: 'image', label: 'Afbeelding', kind: 'image', required: false },
  caption: { name: 'caption', label: 'Onderschrift', kind: 'shortText', required: false, display: 'caption' },
  link: { name: 'link', label: 'Link', kind: 'link', required: false },
} as const satisfies Record<string, FieldDefinition>;

const paragraph =
  '<p>Beste {{firstName|inwoner}}, na acht maanden werk is het marktplein weer helemaal open. Er zijn ' +
  '<strong>veertig nieuwe bomen</strong> geplant, de fietsenstalling is verdubbeld en er staan nieuwe ' +
  'bankjes. <a href="https://www.zuiderveen.nl/marktplein">Lees het hele verhaal</a>.</p>';

/** A full newsletter of `count` blocks: articles with an image and a button, agenda items, photos, texts. */
function newsletter(count: number): RenderBlock[] {
  return Array.from({ length: count }, (_, index): RenderBlock => {
    switch (index % 4) {
      case 0:
        return {
          fields: [field.title, field.text, field.image, field.link],
          content: {
            title: `Artikel ${index + 1}: het marktplein is klaar`,
            text: paragraph,
            image: { fileId: `file-${index}`, alt: 'Het vernieuwde marktplein in de winterzon' },
            link: { url: `https://www.zuiderveen.nl/nieuws/${index}`, text: 'Bekijk de plannen' },
          },
        };
      case 1:
        return {
          fields: [field.title, field.startsAt, field.location, field.text],
          content: {
            title: `Inloopavond ${index + 1}`,
            startsAt: '2025-01-28T19:30',
            location: 'Raadhuis Zuiderveen, Raadzaal',
            text: '<p>Denk mee over Zuiderveen in 2040. Aanmelden is niet nodig.</p><h3>Programma</h3><ul><li>Welkom</li><li>Rondgang</li></ul>',
          },
        };
      case 2:
        return {
          fields: [field.image, field.caption],
          content: {
            image: { fileId: `file-${index}`, decorative: true },
            caption: 'Sfeerbeeld van de markt',
          },
        };
      default:
        return { fields: [field.text], content: { text: paragraph } };
    }
  });
}

/** `count` 'Artikel' blocks as editors fill them: a title, about 400 characters of text, an image, a link. */
function articles(count: number): RenderBlock[] {
  const text =
    '<p>Na acht maanden werk is het marktplein weer helemaal open. Er zijn veertig nieuwe bomen geplant, ' +
    'de fietsenstalling is verdubbeld en er staan nieuwe bankjes langs de waterkant. Op zaterdag is er ' +
    'weer de weekmarkt met meer dan zestig kramen, en in de zomer komt er een terras bij het oude ' +
    'raadhuis. <a href="https://www.zuiderveen.nl/marktplein">Lees het hele verhaal</a> op onze website.</p>';
  return Array.from({ length: count }, (_, index) => ({
    fields: [field.title, field.text, field.image, field.link],
    content: {
      title: `Artikel ${index + 1}: het marktplein is klaar`,
      text,
      image: { fileId: `file-${index}`, alt: 'Het vernieuwde marktplein in de winterzon' },
      link: { url: `https://www.zuiderveen.nl/nieuws/${index}`, text: 'Lees verder' },
    },
  }));
}

const render = (layout: string, blocks: RenderBlock[], overrides: Partial<PublicationRenderInput> = {}) =>
  renderPublication({
    layout,
    style: themeStyle({
      name: 'Zuiderveen',
      primaryColor: '#1f5fa8',
      logoUrl: 'https://cdn.zuiderveen.nl/logo.png',
    }),
    title: 'Nieuwsbrief februari 2025',
    environmentName: 'Gemeente Zuiderveen',
    blocks,
    image: (fileId, size) => ({
      url: `https://cdn.zuiderveen.nl/${fileId}.jpg?w=${size.width}&h=${size.height}&mode=crop`,
      name: 'marktplein',
    }),
    unsubscribeLink: true,
    webVersionLink: true,
    ...overrides,
  });

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; nodes: Array<{ html: string }> }>;
}

/** axe-core's WCAG 2.1 A/AA rules over the message in jsdom (no layout, so contrast is left to the colours page). */
async function axeViolations(html: string) {
  const dom = new JSDOM(html, { runScripts: 'outside-only' });
  dom.window.eval(axeSource);
  const axe = (dom.window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResult> } }).axe;
  const results = await axe.run(dom.window.document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  });
  dom.window.close();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    html: violation.nodes[0]?.html.slice(0, 160),
  }));
}

describe('block anchors', () => {
  it("mark each block for the console's preview only, never in a message", async () => {
    const blocks = newsletter(2).map((block, index) => ({ ...block, id: `b${index}` }));
    const message = await render('standaard', blocks);
    expect(message.html).not.toContain('id="block-');
    const preview = await render('standaard', blocks, { blockAnchors: true });
    expect(preview.html).toContain('<div id="block-b0"></div>');
    expect(preview.html.indexOf('id="block-b0"')).toBeLessThan(preview.html.indexOf('id="block-b1"'));
  });
});

describe.each(layoutNames)("the '%s' layout", (layout) => {
  it('is Dutch, with layout tables marked as presentation and no invalid image heights', async () => {
    const { html } = await render(layout, newsletter(8));
    const document = new JSDOM(html).window.document;
    expect(document.documentElement.getAttribute('lang')).toBe('nl');
    const tables = [...document.querySelectorAll('table')];
    expect(tables.length).toBeGreaterThan(8);
    expect(tables.filter((table) => table.getAttribute('role') !== 'presentation')).toEqual([]);
    // Outlook's conditional tables are comments to a DOM, so the raw HTML is checked as well.
    expect(html.match(/<table\b(?![^>]*role="presentation")[^>]*>/g)).toBeNull();
    expect(html).not.toMatch(/<img\b[^>]*\sheight="auto"/);
  });

  it('gives every image an alt text: described ones theirs, decorative ones an empty one', async () => {
    const { html } = await render(layout, newsletter(4));
    const images = [...new JSDOM(html).window.document.querySelectorAll('img')];
    // The logo, an article's photo and a decorative photo.
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Gemeente Zuiderveen',
      'Het vernieuwde marktplein in de winterzon',
      '',
    ]);
  });

  it('keeps its headings in order: block titles h2, their subheadings h3', async () => {
    const { html } = await render(layout, newsletter(8));
    const levels = [...new JSDOM(html).window.document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
      (heading) => Number(heading.tagName.slice(1)),
    );
    expect(levels.length).toBeGreaterThan(4);
    levels.forEach((level, index) => {
      expect(level - (index === 0 ? 1 : levels[index - 1])).toBeLessThanOrEqual(1);
    });
  });

  it('stays under the 102 KB where Gmail clips a message with 30 blocks', async () => {
    const { html } = await render(layout, newsletter(30));
    expect(html.match(/<h2/g)?.length).toBeGreaterThanOrEqual(15);
    expect(Buffer.byteLength(html, 'utf8')).toBeLessThan(gmailClipBytes);
  });

  it("stays under 102 KB with 30 'Artikel' blocks (title, about 400 characters of text, an image, a link), accessible", async () => {
    // Issue 37.8: 30 such blocks were 126,194 bytes in 'Standaard' and 117,171 in 'Uitgebreid'.
    const { html } = await render(layout, articles(30));
    expect(html.match(/<h2/g)).toHaveLength(30);
    expect(Buffer.byteLength(html, 'utf8')).toBeLessThan(gmailClipBytes);
    const violations = await axeViolations(html);
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ).toEqual([]);
  });

  it('has no serious or critical axe-core violation', async () => {
    const { html } = await render(layout, newsletter(8));
    const violations = await axeViolations(html);
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ).toEqual([]);
  });

  it('has no serious or critical axe-core violation without a logo either', async () => {
    const style = themeStyle({ name: 'Zuiderveen', primaryColor: '#1f5fa8' });
    const { html } = await render(layout, newsletter(4), { style });
    const violations = await axeViolations(html);
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ).toEqual([]);
  });
});
