import { describe, expect, it } from 'vitest';
import {
  contrastPairs,
  contrastRatio,
  formatContrastRatio,
  meetsTextContrast,
  relativeLuminance,
} from '../../src/custom/settings/contrast';
import { cssErrorLine, lineCount } from '../../src/custom/settings/cssErrorLine';
import { fontFamilyOf, fontNameOf } from '../../src/custom/settings/fontFamily';
import { publicationLogoUrl } from '../../src/custom/settings/publicationLogoUrl';
import { themeColorSources } from '../../src/custom/settings/themeColorSources';
import { settingsNl } from '../../src/i18n/settings.nl';
import { stylesheetUrl } from '../../src/resources/webFonts/stylesheetUrl';

const openSans = {
  id: 'f1',
  fontIdentifier: 'Open Sans',
  srcUrl: 'https://fonts.googleapis.com/css2?family=Open+Sans',
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('WCAG contrast', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f5fa8', '#1F5FA8')).toBe(1);
  });

  it('uses the relative luminance of sRGB (WCAG 2.1 formula)', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000000')).toBe(0);
    // #808080: 128/255 = 0.502 → ((0.502 + 0.055) / 1.055)^2.4 = 0.2158
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 3);
  });

  it('knows the classic pairs: #767676 on white just passes AA, #777777 just fails', () => {
    expect(meetsTextContrast(contrastRatio('#767676', '#ffffff')!)).toBe(true);
    expect(meetsTextContrast(contrastRatio('#777777', '#ffffff')!)).toBe(false);
    expect(formatContrastRatio(contrastRatio('#767676', '#ffffff')!)).toBe('4,5:1');
    expect(formatContrastRatio(contrastRatio('#777777', '#ffffff')!)).toBe('4,4:1');
  });

  it('gives no ratio while a colour is not a full #rrggbb', () => {
    expect(contrastRatio('#12', '#ffffff')).toBeUndefined();
    expect(contrastRatio('red', '#ffffff')).toBeUndefined();
  });
});

describe('advanced CSS messages', () => {
  it('reads the line a server message names', () => {
    expect(cssErrorLine('Regel 3: een { is niet gesloten.')).toBe(3);
    expect(cssErrorLine('@import is niet toegestaan.')).toBeUndefined();
    expect(cssErrorLine(undefined)).toBeUndefined();
  });

  it('counts lines as an editor shows them', () => {
    expect(lineCount('')).toBe(1);
    expect(lineCount('a {}\nb {}\n')).toBe(3);
  });
});

describe('web font URLs', () => {
  it('accepts an absolute https:// URL and leaves blank input to required', () => {
    expect(stylesheetUrl('https://fonts.googleapis.com/css2?family=Open+Sans')).toBeUndefined();
    expect(stylesheetUrl('  ')).toBeUndefined();
  });

  it('refuses http://, relative and malformed addresses with the Dutch message', () => {
    for (const url of [
      'http://fonts.googleapis.com/css2?family=X',
      '/fonts/x.css',
      'fonts.css',
      'https://localhost/x.css',
    ])
      expect(stylesheetUrl(url), url).toBe('app.settings.fonts.url_invalid');
  });
});

describe('font choices', () => {
  it('writes a web font first with its role’s default stack after it, as publications do', () => {
    expect(fontFamilyOf('f1', [openSans], 'heading').family).toBe(
      "'Open Sans', Georgia, 'Times New Roman', serif",
    );
    expect(fontFamilyOf('f1', [openSans], 'heading').webFont).toBe(openSans);
    expect(fontFamilyOf('verdana', [openSans], 'body')).toEqual({ family: 'Verdana, Geneva, sans-serif' });
  });

  it('falls back on the default stack for an unknown choice', () => {
    expect(fontFamilyOf('gone', [], 'body').family).toBe('Arial, Helvetica, sans-serif');
  });

  it('names a choice by the web font or the stack label', () => {
    expect(fontNameOf('f1', [openSans])).toBe('Open Sans');
    expect(fontNameOf('trebuchet', [])).toBe('Trebuchet MS');
    expect(fontNameOf('gone', [])).toBeUndefined();
  });
});

describe('logo in publications', () => {
  it('is fetched fitted at twice its 160 px width', () => {
    expect(publicationLogoUrl('https://cdn.test/cdn', 'env-1', 'abc')).toBe(
      'https://cdn.test/cdn/env-1/abc.png?w=320&h=160',
    );
  });
});

describe('settings texts', () => {
  // Keys built from a source name escape the i18n test's scan of plain literals.
  it('has a Dutch label and help for every colour, and a name for every contrast pair', () => {
    const colors = settingsNl.app.settings.colors;
    for (const source of themeColorSources) {
      expect(colors.fields[source], source).toMatch(/\p{L}/u);
      expect(colors.help[source], source).toMatch(/\p{L}/u);
    }
    for (const pair of contrastPairs) expect(colors.pairs[pair.key], pair.key).toMatch(/\p{L}/u);
  });
});
