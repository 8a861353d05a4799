import type { Theme, WebFont } from '@contract/themes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themes } from '../../src/resources/themes';
import { webFonts } from '../../src/resources/webFonts';
import { useSlideOver } from '../../src/slideover/SlideOverContext';
import type { SlideOverRegistry } from '../../src/slideover/slideOverTypes';
import { emptyAnswer, jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';
import { signInSession, zuiderveen } from './support/signedInSession';

const themeId = '5e1f0000-0000-4000-8000-000000000001';
const base = `/api/1/${testEnvironmentId}`;

function demoTheme(): Theme {
  return {
    id: themeId,
    name: 'Huisstijl Zuiderveen',
    primaryColor: '#1f5fa8',
    secondaryColor: '#f4f6f9',
    textColor: '#1a1a1a',
    backgroundColor: '#ffffff',
    linkColor: '#1f5fa8',
    buttonTextColor: '#ffffff',
    headingFont: 'georgia',
    bodyFont: 'arial',
    baseSize: 16,
    lineHeight: 1.5,
    advancedCss: '',
    fileIdToLogo: null,
  };
}

/**
 * A small stand-in for the theme routes of the server: GET /themes, the partial PUT, and the web
 * fonts (with the server's 409 while the typography uses a font). `refuse` answers a PUT with a 400.
 */
function fakeThemeApi(
  refuse?: (body: Record<string, unknown>) => { message: string; field: string } | undefined,
) {
  let theme = demoTheme();
  let fonts: WebFont[] = [];
  const { sent } = mockFetch((request: SentRequest) => {
    const path = request.path.slice(base.length);
    if (request.method === 'GET' && path === '/themes') return jsonAnswer(theme);
    if (request.method === 'PUT' && path === `/themes/${themeId}`) {
      const body = request.json() as Record<string, unknown>;
      const refusal = refuse?.(body);
      if (refusal) return jsonAnswer({ status: 400, ...refusal }, { status: 400 });
      theme = { ...theme, ...body };
      return jsonAnswer(theme);
    }
    if (request.method === 'GET' && path === `/themes/${themeId}/fonts`)
      return jsonAnswer({ data: fonts, total: fonts.length });
    if (request.method === 'POST' && path === `/themes/${themeId}/fonts`) {
      const body = request.json() as { fontIdentifier: string; srcUrl: string };
      const font = { id: `font-${fonts.length + 1}`, ...body, createdAt: '2026-11-23T10:00:00.000Z' };
      fonts = [...fonts, font];
      return jsonAnswer(font, { status: 201 });
    }
    if (request.method === 'DELETE' && path.startsWith(`/themes/${themeId}/fonts/`)) {
      const fontId = path.split('/').pop();
      if (theme.headingFont === fontId || theme.bodyFont === fontId) {
        return jsonAnswer(
          {
            status: 409,
            message:
              'Deze webfont wordt gebruikt door de typografie van het thema; kies daar eerst een ander lettertype.',
            field: 'fontId',
          },
          { status: 409 },
        );
      }
      fonts = fonts.filter((font) => font.id !== fontId);
      return emptyAnswer();
    }
    return jsonAnswer({ status: 404, message: 'Niet gevonden.' }, { status: 404 });
  });
  return {
    sent,
    puts: () => sent.filter((request) => request.method === 'PUT').map((request) => request.json()),
    theme: () => theme,
    addFont(font: WebFont) {
      fonts = [...fonts, font];
    },
  };
}

const render = (path: string, slideOvers?: SlideOverRegistry) =>
  renderDeclarative([themes, webFonts], { path, slideOvers });

beforeEach(() => {
  installIntersectionObserver();
  signInSession([zuiderveen], { environmentId: zuiderveen.environment.id });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelectorAll('link[data-web-font]').forEach((link) => link.remove());
});

describe('settings', { timeout: 60_000 }, () => {
  it('shows the overview with a card per part, each with its current value and a link to its page', async () => {
    fakeThemeApi();
    render('/settings/');
    expect(await screen.findByRole('heading', { name: 'Huisstijl Zuiderveen' })).toBeInTheDocument();
    const links = {
      Logo: '/settings/logo',
      Kleuren: '/settings/colors',
      Typografie: '/settings/typography',
      Webfonts: '/settings/typography',
      Geavanceerd: '/settings/advanced',
    };
    for (const [name, to] of Object.entries(links))
      expect(await screen.findByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', to);
    expect(
      await screen.findByText('Koppen: Georgia, tekst: Arial, 16 px, regelhoogte 1,5'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Primaire kleur: #1f5fa8' })).toBeInTheDocument();
    expect(screen.getByText('Geen eigen CSS-regels.')).toBeInTheDocument();
    expect(await screen.findByText('Nog geen webfonts.')).toBeInTheDocument();
  });

  it('warns below 4.5:1 as a colour is typed, and saves only the colours', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeThemeApi();
    render('/settings/colors');
    const text = await screen.findByLabelText(/^Tekstkleur \*/);
    await waitFor(() => expect(text).toHaveValue('#1a1a1a'));
    expect(screen.getByText('Tekst op achtergrond:')).toBeInTheDocument();
    expect(screen.queryByText(/is te laag/)).toBeNull();

    await user.clear(text);
    await user.type(text, '#999999');
    const warning = await screen.findByText(/Contrast 2,8:1 is te laag/);
    expect(warning).toHaveTextContent('minstens 4,5:1');
    // The preview follows the typed colour.
    expect(
      within(screen.getByTestId('colors-preview')).getByText('Nieuws uit de gemeente').parentElement,
    ).toHaveStyle({
      color: 'rgb(153, 153, 153)',
    });

    await user.clear(text);
    await user.type(text, '#333333');
    await waitFor(() => expect(screen.queryByText(/is te laag/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('De instellingen zijn opgeslagen.');
    expect(api.puts()).toEqual([
      {
        primaryColor: '#1f5fa8',
        secondaryColor: '#f4f6f9',
        textColor: '#333333',
        backgroundColor: '#ffffff',
        linkColor: '#1f5fa8',
        buttonTextColor: '#ffffff',
      },
    ]);
  });

  it('refuses a colour that is not #rrggbb before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeThemeApi();
    render('/settings/colors');
    const link = await screen.findByLabelText(/^Linkkleur \*/);
    await waitFor(() => expect(link).toHaveValue('#1f5fa8'));
    await user.clear(link);
    await user.type(link, 'blauw');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('Kies een kleur in de vorm #rrggbb, bijvoorbeeld #1f5fa8.'),
    ).toBeInTheDocument();
    expect(api.puts()).toEqual([]);
  });

  it('asks before leaving a page with unsaved changes, and stays when the answer is no', async () => {
    const user = userEvent.setup({ delay: null });
    fakeThemeApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    render('/settings/colors');
    const text = await screen.findByLabelText(/^Tekstkleur \*/);
    await waitFor(() => expect(text).toHaveValue('#1a1a1a'));
    await user.clear(text);
    await user.type(text, '#222222');
    await user.click(screen.getByRole('link', { name: 'Alle instellingen' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        'Sommige van je wijzigingen zijn niet opgeslagen. Weet je zeker dat je ze wilt negeren?',
      ),
    );
    expect(screen.getByLabelText(/^Tekstkleur \*/)).toHaveValue('#222222');
  });

  it('adds a web font (a bad URL refused in Dutch), offers it as heading font and previews it with its CSS', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeThemeApi();
    render('/settings/typography');
    await user.click(await screen.findByRole('button', { name: 'Webfont toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Webfont toevoegen' });
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Naam is een verplicht veld')).toBeInTheDocument();
    expect(within(panel).getByText('URL is een verplicht veld')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText(/^Naam/), 'Lobster');
    await user.type(within(panel).getByLabelText(/^URL/), 'http://fonts.googleapis.com/css2?family=Lobster');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText(/^URL moet een volledige https:\/\/-URL/)).toBeInTheDocument();
    expect(api.sent.some((request) => request.method === 'POST')).toBe(false);

    const url = within(panel).getByLabelText(/^URL/);
    await user.clear(url);
    await user.type(url, 'https://fonts.googleapis.com/css2?family=Lobster');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Webfont toevoegen' })).toBeNull());
    const post = api.sent.find((request) => request.method === 'POST')!;
    expect(post.path).toBe(`${base}/themes/${themeId}/fonts`);
    expect(post.json()).toEqual({
      fontIdentifier: 'Lobster',
      srcUrl: 'https://fonts.googleapis.com/css2?family=Lobster',
    });
    expect(await screen.findByRole('cell', { name: 'Lobster' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /^Lettertype van koppen/ }));
    await user.click(await screen.findByRole('option', { name: 'Lobster (webfont)' }));
    await waitFor(() =>
      expect(screen.getByTestId('typography-preview-heading').style.fontFamily).toMatch(/^"?'?Lobster/),
    );
    const link = document.head.querySelector('link[data-web-font]');
    expect(link).toHaveAttribute('href', 'https://fonts.googleapis.com/css2?family=Lobster');

    // The line height reads and takes a decimal comma, whatever the browser's language.
    const lineHeight = screen.getByLabelText(/^Regelhoogte/);
    expect(lineHeight).toHaveValue('1,5');
    await user.clear(lineHeight);
    await user.type(lineHeight, '1,6');
    expect(lineHeight).toHaveValue('1,6');

    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('De instellingen zijn opgeslagen.');
    expect(api.puts()).toEqual([{ headingFont: 'font-1', bodyFont: 'arial', baseSize: 16, lineHeight: 1.6 }]);
  });

  it('refuses to delete a web font the typography uses, with the server’s message', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeThemeApi();
    api.addFont({
      id: 'font-9',
      fontIdentifier: 'Lobster',
      srcUrl: 'https://x.test/l.css',
      createdAt: '2026-11-01T00:00:00Z',
    });
    await waitFor(() => undefined);
    api.theme().headingFont = 'font-9';
    render('/settings/typography');
    const row = (await screen.findByRole('cell', { name: 'Lobster' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Verwijderen' }));
    // (The test app registers no react-admin resources, so the record is named by its id here.)
    const dialog = await screen.findByRole('dialog', { name: /^Webfont .+ verwijderen$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(
      await screen.findByText(
        'Deze webfont wordt gebruikt door de typografie van het thema; kies daar eerst een ander lettertype.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Lobster' })).toBeInTheDocument();
  });

  it('keeps a base size within 12–24 px', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeThemeApi();
    render('/settings/typography');
    const size = await screen.findByLabelText(/^Tekstgrootte/);
    await waitFor(() => expect(size).toHaveValue('16'));
    await user.clear(size);
    await user.type(size, '30');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Moet kleiner of gelijk zijn aan 24')).toBeInTheDocument();
    // Text that is no number is named as such, not sent.
    await user.clear(size);
    await user.type(size, 'zestien');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(/Moet een getal zijn/)).toBeInTheDocument();
    expect(api.puts()).toEqual([]);
  });

  it("shows the server's reason for refused CSS under the editor and marks the line it names", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeThemeApi((body) =>
      typeof body.advancedCss === 'string' && body.advancedCss.includes('@import')
        ? {
            field: 'advancedCss',
            message: 'Regel 2: @import is niet toegestaan: laad geen andere stylesheets.',
          }
        : undefined,
    );
    render('/settings/advanced');
    const editor = await screen.findByLabelText('CSS-regels');
    await user.type(editor, 'h1 {{ color: red; }\n@import url("https://x.test/a.css");');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findAllByText('Regel 2: @import is niet toegestaan: laad geen andere stylesheets.'),
    ).not.toHaveLength(0);
    const gutter = screen.getByTestId('css-line-numbers');
    expect(gutter.querySelector('[data-error-line]')).toHaveTextContent('2');

    await user.clear(editor);
    await user.type(editor, '.intro {{ font-style: italic; }');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('De instellingen zijn opgeslagen.');
    expect(api.puts().at(-1)).toEqual({ advancedCss: '.intro { font-style: italic; }' });
    expect(gutter.querySelector('[data-error-line]')).toBeNull();
  });

  it('chooses the logo through the image picker, previews it at both sizes and removes it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeThemeApi();
    const opened: Record<string, unknown>[] = [];
    // The media area's picker, stood in for: it hands back a chosen image.
    const ImagePicker = (props: {
      imagesOnly?: boolean;
      onSelect(file: { id: string; friendlyName: string }): void;
    }) => {
      const { close } = useSlideOver();
      opened.push({ imagesOnly: props.imagesOnly });
      const choose = () => {
        props.onSelect({ id: 'logo-file', friendlyName: 'logo.png' });
        close();
      };
      return (
        <button type="button" onClick={choose}>
          Kies logo.png
        </button>
      );
    };
    render('/settings/logo', { selectMediaFile: ImagePicker });
    await user.click(await screen.findByRole('button', { name: 'Kiezen' }));
    await user.click(await screen.findByRole('button', { name: 'Kies logo.png' }));
    expect(opened[0]).toEqual({ imagesOnly: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Kies logo.png' })).toBeNull());
    expect(await screen.findByText('logo.png')).toBeInTheDocument();
    const logos = screen.getAllByRole('img', { name: 'Logo van Gemeente Zuiderveen' });
    expect(logos.map((logo) => logo.getAttribute('src'))).toEqual([
      `/cdn/${zuiderveen.environment.id}/logo-file.png?w=80&h=80&mode=crop`,
      `/cdn/${zuiderveen.environment.id}/logo-file.png?w=320&h=160`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('De instellingen zijn opgeslagen.');
    expect(api.puts()).toEqual([{ fileIdToLogo: 'logo-file' }]);

    await user.click(await screen.findByRole('button', { name: 'Logo verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(api.puts()).toHaveLength(2));
    expect(api.puts()[1]).toEqual({ fileIdToLogo: null });
  });
});
