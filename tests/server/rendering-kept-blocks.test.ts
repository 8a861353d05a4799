import { beforeEach, describe, expect, it } from 'vitest';
import type { BlockContent, FieldDefinition } from '../../server/src/contract/publications';
import { clearCompiledLayouts } from '../../server/src/rendering/compiledLayout';
import { escapeHtml } from '../../server/src/rendering/escapeHtml';
import { fillMergeFields } from '../../server/src/rendering/mergeFields';
import { RenderedBlocks } from '../../server/src/rendering/renderedBlocks';
import {
  renderPublication,
  type PublicationRenderInput,
  type RenderBlock,
} from '../../server/src/rendering/renderPublication';
import { themeStyle } from '../../server/src/rendering/themeStyle';

// The console's preview keeps each block's part of the render (renderedBlocks.ts) and renders only the
// blocks whose key is new. Its answer must be the full render's, byte for byte, after any change of
// what a block is made of: its content, its fields, the theme, the layout, its images, its anchor.

const article: FieldDefinition[] = [
  { name: 'title', label: 'Titel', kind: 'shortText', required: true, display: 'heading' },
  { name: 'startsAt', label: 'Wanneer', kind: 'dateTime', required: false },
  { name: 'text', label: 'Tekst', kind: 'richText', required: false },
  { name: 'image', label: 'Afbeelding', kind: 'image', required: false },
  { name: 'link', label: 'Link', kind: 'link', required: false },
];

const fileId = '0b8f7c3e-6a44-4f0e-9a59-3d1c2b7e8f10';

function block(index: number, content: Partial<BlockContent> = {}): RenderBlock {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    fields: article,
    content: {
      title: `Bericht ${index}`,
      startsAt: '2025-03-12T19:30',
      text: `<p>Beste {{firstName|inwoner}}, dit is <strong>bericht ${index}</strong>.</p>`,
      image: { fileId, alt: index % 2 === 0 ? `Foto ${index}` : '' },
      link: { url: `https://www.zuiderveen.nl/${index}`, text: 'Verder lezen' },
      ...content,
    } as BlockContent,
  };
}

/** The files the images name: their names are the alt text of an image without one. */
let files: Map<string, { name: string; extension: string }>;
beforeEach(() => {
  files = new Map([[fileId, { name: 'Het marktplein', extension: 'jpg' }]]);
});

const input = (changes: Partial<PublicationRenderInput> = {}): PublicationRenderInput => ({
  layout: 'standaard',
  style: themeStyle({ name: 'Zuiderveen', primaryColor: '#1f5fa8' }),
  title: 'Nieuwsbrief',
  environmentName: 'Gemeente Zuiderveen',
  blocks: Array.from({ length: 6 }, (_, index) => block(index)),
  image: (id, size) => {
    const file = files.get(id);
    return file && { url: `https://cdn.test/${id}.${file.extension}?w=${size.width}`, name: file.name };
  },
  unsubscribeLink: true,
  webVersionLink: true,
  blockAnchors: true,
  ...changes,
});

/**
 * Renders through `kept` and with every cache emptied (no kept blocks, the layout compiled anew), and
 * expects both byte for byte alike. Answers the HTML.
 */
async function expectAsFullRender(kept: RenderedBlocks, changes: Partial<PublicationRenderInput> = {}) {
  const viaKept = await renderPublication({ ...input(changes), keptBlocks: kept });
  clearCompiledLayouts();
  const full = await renderPublication(input(changes));
  expect(viaKept.html).toBe(full.html);
  expect(viaKept.text).toBe(full.text);
  return viaKept.html;
}

describe('the blocks kept of a preview', () => {
  it('render only what changed, and the whole is the full render byte for byte', async () => {
    const kept = new RenderedBlocks({ entries: 1000, bytes: 16 * 1024 * 1024 });
    const first = await expectAsFullRender(kept);
    expect(kept.size.entries).toBe(6);
    expect(await expectAsFullRender(kept)).toBe(first);
    expect(kept.size.entries).toBe(6);

    // One block saved: one new part, and the new text shows.
    const blocks = input().blocks.map((each, index) =>
      index === 3 ? block(3, { text: '<p>De markt is <em>terug</em>.</p>' }) : each,
    );
    const saved = await expectAsFullRender(kept, { blocks });
    expect(saved).toContain('De markt is <em');
    expect(saved).not.toBe(first);
    expect(kept.size.entries).toBe(7);
  });

  it('show every change of what a block is made of: content, fields, theme, layout, images and anchors', async () => {
    const kept = new RenderedBlocks({ entries: 1000, bytes: 16 * 1024 * 1024 });
    let previous = await expectAsFullRender(kept);
    const changed = async (changes: Partial<PublicationRenderInput>, shows: string) => {
      const html = await expectAsFullRender(kept, changes);
      expect(html).not.toBe(previous);
      expect(html).toContain(shows);
      previous = html;
    };

    await changed({ blocks: [block(0, { title: 'Nieuwe titel' })] }, 'Nieuwe titel');
    await changed(
      { blocks: [{ ...block(0, { title: 'Nieuwe titel' }), fields: article.slice(1) }] },
      'Verder lezen',
    );
    await changed(
      { blocks: [block(0, { title: 'Nieuwe titel' })], style: themeStyle({ primaryColor: '#0b6e4f' }) },
      '#0b6e4f',
    );
    await changed({ blocks: [block(0, { title: 'Nieuwe titel' })], layout: 'uitgebreid' }, 'Nieuwe titel');
    // The file renamed (the alt text of block 1) and then of another type (its address).
    files = new Map([[fileId, { name: 'Plein in de zon', extension: 'jpg' }]]);
    await changed({ blocks: [block(1)] }, 'alt="Plein in de zon"');
    files = new Map([[fileId, { name: 'Plein in de zon', extension: 'png' }]]);
    await changed({ blocks: [block(1)] }, `${fileId}.png`);
    files = new Map();
    await changed({ blocks: [block(1)] }, 'Bericht 1');
    await changed({ blocks: [block(1)], blockAnchors: false }, 'Bericht 1');
    await changed({ blocks: [{ ...block(1), id: 'ander-blok' }] }, 'id="block-ander-blok"');
  });

  it('leave merge fields to each recipient: other values show in the filled HTML', async () => {
    const kept = new RenderedBlocks({ entries: 1000, bytes: 16 * 1024 * 1024 });
    const html = await expectAsFullRender(kept);
    expect(html).toContain('{{firstName|inwoner}}');
    const anne = fillMergeFields(html, { firstName: 'Anne' }, escapeHtml);
    const bert = fillMergeFields(await expectAsFullRender(kept), { firstName: 'Bert' }, escapeHtml);
    expect(anne).toContain('Beste Anne,');
    expect(bert).toContain('Beste Bert,');
  });

  it('keep at most their entries and bytes, dropping the least recently used', () => {
    const kept = new RenderedBlocks({ entries: 3, bytes: 2 * 100 });
    kept.set('a', { html: 'x'.repeat(10), text: '' });
    kept.set('b', null);
    kept.set('c', { html: '', text: 'y' });
    expect(kept.get('a')).toEqual({ html: 'x'.repeat(10), text: '' });
    kept.set('d', null);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.size.entries).toBe(3);
    kept.set('e', { html: 'z'.repeat(90), text: '' });
    expect(kept.size.bytes).toBeLessThanOrEqual(200);
    expect(kept.get('e')).toBeDefined();
    expect(kept.get('a')).toBeUndefined();
    kept.set('f', { html: 'w'.repeat(200), text: '' });
    expect(kept.get('f')).toBeUndefined();
  });
});
