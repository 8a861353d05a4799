import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexColorMessage } from '../../server/src/contract/common';
import type { RenderedPublication } from '../../server/src/contract/publications';
import type { Theme, WebFont, WebFontPage } from '../../server/src/contract/themes';
import { environmentIds, mediaIds, publicationIds, themeIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const themeId = themeIds.zuiderveen;
const otherThemeId = themeIds.cultuurhuis;
const unknownId = '0b7f4a1c-1111-4222-8333-944455566677';
const googleFont = 'https://fonts.googleapis.com/css2?family=Open+Sans:wght@400;700&display=swap';

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('themes area', () => {
  let server: TestServer;
  let token: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, environmentId: string = env) =>
    server.api<T>(method, path, { token, env: environmentId, body });
  const readTheme = async () => (await api<Theme>('GET', '/themes')).body;
  const update = (body: unknown, id: string = themeId) =>
    api<Theme | ErrorBody>('PUT', `/themes/${id}`, body);
  const addFont = (body: unknown, id: string = themeId) =>
    api<WebFont | ErrorBody>('POST', `/themes/${id}/fonts`, body);

  function expectFieldError(response: { status: number; body: unknown }, field: string, message?: string) {
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, field });
    if (message) expect((response.body as ErrorBody).message).toBe(message);
  }

  describe('GET /themes', () => {
    it('answers every setting, with the defaults for a theme made before them', async () => {
      const theme = await readTheme();
      expect(theme).toMatchObject({
        id: themeId,
        secondaryColor: '#f2f3f5',
        textColor: '#222222',
        backgroundColor: '#ffffff',
        buttonTextColor: '#ffffff',
        headingFont: 'georgia',
        bodyFont: 'arial',
        baseSize: 16,
        lineHeight: 1.5,
        advancedCss: '',
        fileIdToLogo: mediaIds.zuiderveen.logoFile,
      });
      expect(theme.linkColor).toBe(theme.primaryColor.toLowerCase());
    });

    it('starts a new theme with links in its primary colour', async () => {
      const created = await api<Theme>(
        'POST',
        '/themes',
        { name: 'Lage Landen', primaryColor: '#0A7A4B' },
        environmentIds.lageLanden,
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        primaryColor: '#0a7a4b',
        linkColor: '#0a7a4b',
        bodyFont: 'arial',
      });
    });
  });

  describe('PUT /themes/{themeId}', () => {
    it('changes only the fields sent and answers the whole theme', async () => {
      const response = await update({
        textColor: '#1A2B3C',
        linkColor: '#004488',
        baseSize: 18,
        lineHeight: 1.6,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        textColor: '#1a2b3c',
        linkColor: '#004488',
        baseSize: 18,
        lineHeight: 1.6,
      });
      const stored = await readTheme();
      expect(stored).toMatchObject({
        textColor: '#1a2b3c',
        secondaryColor: '#f2f3f5',
        headingFont: 'georgia',
      });
    });

    it.each([
      ['primaryColor', 'blauw'],
      ['secondaryColor', '#12345'],
      ['textColor', '#1234567'],
      ['backgroundColor', 'fff'],
      ['linkColor', 'rgb(0,0,0)'],
      ['buttonTextColor', '#gggggg'],
    ])('refuses %s %j with the Dutch colour message and stores nothing', async (field, value) => {
      const before = await readTheme();
      const response = await update({ name: 'Gewijzigd', [field]: value });
      expectFieldError(response, field, hexColorMessage);
      expect(await readTheme()).toEqual(before);
    });

    it('refuses sizes out of range and a body without known fields', async () => {
      expectFieldError(await update({ baseSize: 11 }), 'baseSize');
      expectFieldError(await update({ baseSize: 25 }), 'baseSize');
      expectFieldError(await update({ baseSize: 16.5 }), 'baseSize');
      expectFieldError(await update({ lineHeight: 0.9 }), 'lineHeight');
      expectFieldError(await update({ lineHeight: 2.1 }), 'lineHeight');
      expectFieldError(await update({}), 'body');
      expectFieldError(
        await update({ fontSize: 12 }),
        'body',
        'De aanvraag bevat geen velden om te wijzigen.',
      );
      expectFieldError(await update({ name: '   ' }), 'name', 'Naam is een verplicht veld');
      expect(await update({ baseSize: 24, lineHeight: 2 })).toMatchObject({ status: 200 });
      expect(await update({ baseSize: 12, lineHeight: 1 })).toMatchObject({ status: 200 });
    });

    it('takes a system font stack and refuses an unknown font', async () => {
      expect((await update({ headingFont: 'verdana', bodyFont: 'georgia' })).body).toMatchObject({
        headingFont: 'verdana',
        bodyFont: 'georgia',
      });
      expectFieldError(await update({ headingFont: 'comic-sans' }), 'headingFont');
      expectFieldError(await update({ bodyFont: unknownId }), 'bodyFont');
    });

    it('sets the logo to an image of the environment only, and removes it with null', async () => {
      expectFieldError(
        await update({ fileIdToLogo: mediaIds.zuiderveen.reportFile }),
        'fileIdToLogo',
        'Het logo moet een afbeelding zijn.',
      );
      expectFieldError(await update({ fileIdToLogo: mediaIds.cultuurhuis.concertFile }), 'fileIdToLogo');
      expectFieldError(await update({ fileIdToLogo: unknownId }), 'fileIdToLogo');
      expect((await update({ fileIdToLogo: mediaIds.zuiderveen.logoSvgFile })).body).toMatchObject({
        fileIdToLogo: mediaIds.zuiderveen.logoSvgFile,
      });

      // The logo cannot be deleted while it is the logo; the previous one can.
      const refused = await api<ErrorBody>('DELETE', `/file/${mediaIds.zuiderveen.logoSvgFile}`);
      expect(refused.status).toBe(409);
      expect(refused.body.field).toBe('fileId');

      expect((await update({ fileIdToLogo: null })).body).toMatchObject({ fileIdToLogo: null });
      expect((await update({ fileIdToLogo: mediaIds.zuiderveen.logoFile })).status).toBe(200);
    });

    it('stores valid advanced CSS and refuses bad CSS with the line and the reason', async () => {
      const css =
        '.intro {\n  color: #333;\n}\n@media (max-width: 600px) { h2 { font-size: 18px !important; } }';
      expect((await update({ advancedCss: css })).body).toMatchObject({ advancedCss: css });

      const refusals: Array<[string, RegExp]> = [
        ['p {\n  color: red;\n  margin 0;\n}', /^Regel 3: /],
        ['p {\n  color: red;', /^Regel 1: .*'\{'/],
        ['@import "https://x.nl/a.css";', /@import is niet toegestaan/],
        ['p { background: url(http://x.nl/a.png); }', /url\(\) mag alleen naar een https:\/\/-adres/],
        ['p { background: url(/a.png); }', /https/],
        ['p { width: expression(alert(1)); }', /expression\(/],
        ['p { width: e\\78pression(alert(1)); }', /expression\(/],
        ['@\\69mport "https://x.nl/a.css";', /@import is niet toegestaan/],
        ['p { background: image-set("http://x.nl/a.png" 1x); }', /image-set\(\) mag alleen/],
        ['p { behavior: url(https://x.nl/a.htc); }', /'behavior' is niet toegestaan/],
        ['a { background: url("javascript:alert(1)"); }', /javascript:/],
        ['p { color: red; }\n</style><script>alert(1)</script>', /^Regel 2: /],
      ];
      for (const [bad, reason] of refusals) {
        const response = await update({ advancedCss: bad, textColor: '#000000' });
        expectFieldError(response, 'advancedCss');
        expect((response.body as ErrorBody).message).toMatch(reason);
      }
      expect(await readTheme()).toMatchObject({ advancedCss: css, textColor: '#1a2b3c' });
      expectFieldError(await update({ advancedCss: 'a{}'.repeat(7000) }), 'advancedCss');
    });

    it("answers 404 for another environment's theme and an unknown one", async () => {
      expect((await update({ textColor: '#000000' }, otherThemeId)).status).toBe(404);
      expect((await update({ textColor: '#000000' }, unknownId)).status).toBe(404);
      const other = await api<Theme>('GET', '/themes', undefined, otherEnv);
      expect(other.body.textColor).toBe('#222222');
    });
  });

  describe('web fonts', () => {
    let openSans: WebFont;

    it("POST adds a font (spec §7) and GET lists the theme's fonts", async () => {
      const response = await addFont({ fontIdentifier: ' Open Sans ', srcUrl: googleFont });
      expect(response.status).toBe(201);
      openSans = response.body as WebFont;
      expect(openSans).toMatchObject({ fontIdentifier: 'Open Sans', srcUrl: googleFont });
      expect(
        (
          await addFont({
            fontIdentifier: 'Huisletter',
            srcUrl: 'https://cdn.voorbeeld.nl/fonts/huisletter.css',
          })
        ).status,
      ).toBe(201);

      const list = await api<WebFontPage>('GET', `/themes/${themeId}/fonts`);
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(2);
      expect(list.body.data.map((font) => font.fontIdentifier)).toEqual(['Huisletter', 'Open Sans']);
    });

    it('requires both fields with the Dutch messages', async () => {
      expectFieldError(await addFont({ srcUrl: googleFont }), 'fontIdentifier', 'Naam is een verplicht veld');
      expectFieldError(
        await addFont({ fontIdentifier: 'X', srcUrl: '  ' }),
        'srcUrl',
        'URL is een verplicht veld',
      );
      expectFieldError(await addFont({ fontIdentifier: 'X;}body{', srcUrl: googleFont }), 'fontIdentifier');
    });

    it.each([
      'http://fonts.googleapis.com/css2?family=Roboto',
      'fonts.googleapis.com/css2?family=Roboto',
      'https://fonts.voorbeeld.nl/roboto.woff2',
      'https://fonts.googleapis.com/icon?family=Roboto',
      'javascript:alert(1)//.css',
      'https://user:secret@voorbeeld.nl/a.css',
    ])('refuses srcUrl %s: not an https:// URL of a CSS file', async (srcUrl) => {
      const response = await addFont({ fontIdentifier: 'Roboto', srcUrl });
      expectFieldError(response, 'srcUrl');
      expect((response.body as ErrorBody).message).toContain('https://-URL naar een CSS-bestand');
    });

    it('refuses a second font of the same name (409), in any case', async () => {
      const response = await addFont({ fontIdentifier: 'open sans', srcUrl: googleFont });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ field: 'fontIdentifier' });
    });

    it('serves as heading font; then deleting it is refused until typography stops using it', async () => {
      expect((await update({ headingFont: openSans.id })).body).toMatchObject({ headingFont: openSans.id });
      const refused = await api<ErrorBody>('DELETE', `/themes/${themeId}/fonts/${openSans.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('typografie');

      expect((await update({ headingFont: 'georgia' })).status).toBe(200);
      expect((await api('DELETE', `/themes/${themeId}/fonts/${openSans.id}`)).status).toBe(204);
      expect((await api('DELETE', `/themes/${themeId}/fonts/${openSans.id}`)).status).toBe(404);
      expectFieldError(await update({ headingFont: openSans.id }), 'headingFont');
    });

    it("keeps each environment to its own theme's fonts (404 across)", async () => {
      const own = (await api<WebFontPage>('GET', `/themes/${themeId}/fonts`)).body.data[0];
      expect((await api('GET', `/themes/${otherThemeId}/fonts`)).status).toBe(404);
      expect((await addFont({ fontIdentifier: 'Roboto', srcUrl: googleFont }, otherThemeId)).status).toBe(
        404,
      );
      expect((await api('DELETE', `/themes/${otherThemeId}/fonts/${own.id}`)).status).toBe(404);
      expect((await api('GET', `/themes/${themeId}/fonts`, undefined, otherEnv)).status).toBe(404);
      expect((await api('DELETE', `/themes/${themeId}/fonts/${own.id}`, undefined, otherEnv)).status).toBe(
        404,
      );

      // Another theme cannot use this theme's font either.
      const otherUpdate = await api<ErrorBody>(
        'PUT',
        `/themes/${otherThemeId}`,
        { bodyFont: own.id },
        otherEnv,
      );
      expectFieldError(otherUpdate, 'bodyFont');
    });
  });

  describe('publications use the theme', () => {
    it('render with the text colour, the web font, the sizes and the advanced CSS', async () => {
      const font = (
        await addFont({
          fontIdentifier: 'Merriweather',
          srcUrl: 'https://fonts.googleapis.com/css2?family=Merriweather',
        })
      ).body as WebFont;
      const saved = await update({
        textColor: '#2b2d42',
        buttonTextColor: '#fefefe',
        secondaryColor: '#eaeff5',
        bodyFont: font.id,
        headingFont: 'trebuchet',
        baseSize: 17,
        lineHeight: 1.7,
        advancedCss: '.themed-marker { letter-spacing: 1px; }',
      });
      expect(saved.status).toBe(200);

      const rendered = await server.api<RenderedPublication>(
        'GET',
        `/publications/${publicationIds.publications.januaryNewsletter}/render`,
        { token, env, query: { templateId: publicationIds.templates.zuiderveenStandard } },
      );
      expect(rendered.status).toBe(200);
      const html = rendered.body.html;
      expect(html).toContain('color:#2b2d42');
      expect(html).toContain("font-family:'Merriweather', Arial, Helvetica, sans-serif");
      expect(html).toContain('href="https://fonts.googleapis.com/css2?family=Merriweather"');
      expect(html).toContain("'Trebuchet MS', Tahoma, sans-serif");
      expect(html).toContain('font-size:17px;line-height:1.7');
      expect(html).toContain('background-color:#eaeff5');
      expect(html).toContain('.themed-marker { letter-spacing: 1px; }');
    });
  });
});
