import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../server/src/contract/publications';
import { compiledLayout } from '../../server/src/rendering/compiledLayout';
import { escapeHtml } from '../../server/src/rendering/escapeHtml';
import { fillMergeFields, unknownMergeFields } from '../../server/src/rendering/mergeFields';
import { renderPublication, type PublicationRenderInput } from '../../server/src/rendering/renderPublication';
import { sanitizeRichText } from '../../server/src/rendering/richText';
import { defaultTemplateStyle, themeStyle } from '../../server/src/rendering/themeStyle';

// The rendering module on its own (no server): merge fields, the theme mapping, the sanitiser's edges and
// the compiled-layout cache.

describe('merge fields', () => {
  it('fill recipient values escaped, else the fallback, else nothing', () => {
    const html = '<p>Beste {{firstName|lezer}} {{ lastName }}, {{city|}}!</p>';
    expect(fillMergeFields(html, { firstName: '<b>Jan</b> & co', lastName: 'Jansen' }, escapeHtml)).toBe(
      '<p>Beste &lt;b&gt;Jan&lt;/b&gt; &amp; co Jansen, !</p>',
    );
    expect(fillMergeFields(html, { firstName: '   ' }, escapeHtml)).toBe('<p>Beste lezer , !</p>');
  });

  it('leave the unsubscribe placeholder until the delivery gives a value', () => {
    const html = '<a href="{{unsubscribeUrl}}">Uitschrijven</a>';
    expect(fillMergeFields(html, {}, escapeHtml)).toBe(html);
    expect(fillMergeFields(html, { unsubscribeUrl: 'https://x.nl/u?a=1&b=2' }, escapeHtml)).toBe(
      '<a href="https://x.nl/u?a=1&amp;b=2">Uitschrijven</a>',
    );
  });

  it('name the fields a text may not use', () => {
    expect(unknownMergeFields('{{firstName}} {{wachtwoord|x}} {{unsubscribeUrl}}')).toEqual([
      'wachtwoord',
      'unsubscribeUrl',
    ]);
  });
});

describe('themeStyle', () => {
  it('fills what a theme lacks from the defaults', () => {
    expect(themeStyle(null)).toEqual(defaultTemplateStyle);
    expect(themeStyle({ primaryColor: 'red; background:url(x)' }).primaryColor).toBe(
      defaultTemplateStyle.primaryColor,
    );
  });

  it('takes the colour and logo, with readable text on the colour', () => {
    const dark = themeStyle({ name: 'Zuiderveen', primaryColor: '#1F5FA8', logoUrl: 'https://cdn/logo.png' });
    expect(dark).toMatchObject({
      primaryColor: '#1f5fa8',
      onPrimaryColor: '#ffffff',
      logoUrl: 'https://cdn/logo.png',
      logoAlt: 'Zuiderveen',
    });
    expect(themeStyle({ primaryColor: '#ffdd00' }).onPrimaryColor).toBe('#1a1a1a');
  });

  it('takes every setting of the theme: colours, fonts, sizes and CSS', () => {
    const style = themeStyle({
      primaryColor: '#1f5fa8',
      secondaryColor: '#EAEFF5',
      textColor: '#2b2d42',
      backgroundColor: '#fffdf8',
      linkColor: '#7a1f5c',
      buttonTextColor: '#fefefe',
      headingFont: {
        webFont: {
          fontIdentifier: 'Open Sans',
          srcUrl: 'https://fonts.googleapis.com/css2?family=Open+Sans',
        },
      },
      bodyFont: { systemFont: 'verdana' },
      baseSize: 18,
      lineHeight: 1.7,
      advancedCss: '.x { color: red; }',
    });
    expect(style).toMatchObject({
      pageBackgroundColor: '#eaeff5',
      textColor: '#2b2d42',
      contentBackgroundColor: '#fffdf8',
      linkColor: '#7a1f5c',
      onPrimaryColor: '#fefefe',
      headingFontFamily: "'Open Sans', Georgia, 'Times New Roman', serif",
      fontFamily: 'Verdana, Geneva, sans-serif',
      baseFontSize: 18,
      lineHeight: 1.7,
      webFonts: [{ name: 'Open Sans', href: 'https://fonts.googleapis.com/css2?family=Open+Sans' }],
      advancedCss: '.x { color: red; }',
    });
  });

  it('falls back where stored values are malformed: links follow the primary colour', () => {
    const style = themeStyle({
      primaryColor: '#b5305c',
      textColor: 'black',
      headingFont: { webFont: { fontIdentifier: "x'; } body {", srcUrl: 'https://x.nl/a.css' } },
      bodyFont: { webFont: { fontIdentifier: 'Roboto', srcUrl: 'http://x.nl/a.css' }, systemFont: null },
      baseSize: 40,
      lineHeight: 0.5,
    });
    expect(style).toMatchObject({
      linkColor: '#b5305c',
      textColor: defaultTemplateStyle.textColor,
      headingFontFamily: defaultTemplateStyle.headingFontFamily,
      fontFamily: defaultTemplateStyle.fontFamily,
      baseFontSize: 16,
      lineHeight: 1.5,
      webFonts: [],
    });
  });

  it('reaches the rendered HTML: text colour, web font link and family, sizes, link colour, CSS', async () => {
    const { html } = await renderPublication({
      layout: 'uitgebreid',
      style: themeStyle({
        textColor: '#2b2d42',
        linkColor: '#7a1f5c',
        bodyFont: {
          webFont: {
            fontIdentifier: 'Lato',
            srcUrl: 'https://fonts.googleapis.com/css2?family=Lato&display=swap',
          },
        },
        baseSize: 17,
        lineHeight: 1.6,
        advancedCss: '.dpp-marker { letter-spacing: 1px; }',
      }),
      title: 'Thema',
      environmentName: 'Zuiderveen',
      blocks: [
        {
          fields: [{ name: 'body', label: 'Tekst', kind: 'richText', required: false }],
          content: { body: '<p>Lees <a href="https://voorbeeld.nl">meer</a></p>' },
        },
      ],
      unsubscribeLink: false,
      webVersionLink: false,
      image: () => undefined,
    });
    expect(html).toContain("font-family:'Lato', Arial, Helvetica, sans-serif;font-size:17px;line-height:1.6");
    expect(html).toContain('color:#2b2d42');
    expect(html).toContain('href="https://fonts.googleapis.com/css2?family=Lato&amp;display=swap"');
    expect(html).toContain('<a style="color:#7a1f5c;');
    expect(html).toContain('.dpp-marker { letter-spacing: 1px; }');
  });
});

describe('sanitizeRichText', () => {
  it('keeps only absolute http(s) and mailto links, with their text', () => {
    expect(sanitizeRichText('<p><a href="{{firstName}}">a</a> <a href="/pad">b</a></p>')).toBe('<p>a b</p>');
    expect(sanitizeRichText('<a href="jav&#x61;script:alert(1)">c</a>')).toBe('c');
    expect(sanitizeRichText('<a href=" mailto:a@b.nl ">d</a>')).toBe('<a href="mailto:a@b.nl">d</a>');
  });

  it('escapes text so that no tag can be made from it', () => {
    expect(sanitizeRichText('<p>&lt;script&gt;x&lt;/script&gt; 3 < 4</p>')).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt; 3 &lt; 4</p>',
    );
  });
});

describe('renderPublication', () => {
  const fields: FieldDefinition[] = [
    { name: 'title', label: 'Titel', kind: 'shortText', required: true, display: 'heading' },
    { name: 'image', label: 'Afbeelding', kind: 'image', required: false },
  ];
  const input = (overrides: Partial<PublicationRenderInput> = {}): PublicationRenderInput => ({
    layout: 'standaard',
    style: themeStyle({ primaryColor: '#b5305c' }),
    title: 'Test & zo',
    environmentName: 'Cultuurhuis <Noord>',
    blocks: [
      { fields, content: { title: 'Met %%text%% erin', image: { fileId: 'weg' } } },
      { fields, content: {} },
    ],
    image: () => undefined,
    unsubscribeLink: true,
    webVersionLink: true,
    ...overrides,
  });

  it('leaves out images that are gone and blocks without content; user text cannot reach a token', async () => {
    const { html, text } = await renderPublication(input());
    expect(html).toContain('<h2 style="margin:0;font-size:22px;font-weight:bold;">Met %%text%% erin</h2>');
    expect(html).not.toContain('<img');
    expect(html.match(/<h2/g)).toHaveLength(1);
    expect(html).toContain('<title>Test &amp; zo</title>');
    expect(html).toContain('Cultuurhuis &lt;Noord&gt;');
    expect(html).toContain('#b5305c');
    expect(text).toContain('Met %%text%% erin');
  });

  it('a message links to its web version on top, in the HTML and the plain text', async () => {
    const { html, text } = await renderPublication(input());
    expect(html).toMatch(/<a href="\{\{webVersionUrl\}\}"[^>]*>Bekijk in je browser<\/a>/);
    expect(html.indexOf('Bekijk in je browser')).toBeLessThan(html.indexOf('Cultuurhuis'));
    expect(text.split('\n')[0]).toBe('Bekijk in je browser: {{webVersionUrl}}');
  });

  it('a web version has no unsubscribe link and no link to itself', async () => {
    const { html, text } = await renderPublication(
      input({ unsubscribeLink: false, webVersionLink: false }),
    );
    expect(html).not.toContain('{{unsubscribeUrl}}');
    expect(text).not.toContain('{{unsubscribeUrl}}');
    expect(html).not.toContain('Bekijk in je browser');
    expect(text).not.toContain('{{webVersionUrl}}');
  });
});

describe('compiledLayout', () => {
  it('compiles once per layout and style; another colour is another entry', async () => {
    const style = themeStyle({ primaryColor: '#123456' });
    const first = compiledLayout('uitgebreid', style);
    expect(compiledLayout('uitgebreid', { ...style })).toBe(first);
    expect(compiledLayout('uitgebreid', themeStyle({ primaryColor: '#654321' }))).not.toBe(first);
    expect(compiledLayout('standaard', style)).not.toBe(first);
    const { fragments } = await first;
    expect(fragments.header.fill({ environmentName: 'X' })).toContain('#123456');
  });
});
