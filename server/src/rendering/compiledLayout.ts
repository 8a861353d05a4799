import { buildLayout, fragmentNames, type FragmentName, type Layout } from './layouts';
import type { TemplateStyle } from './themeStyle';

/** A piece of compiled HTML with `%%token%%` slots, split once so that filling is only a join. */
export class Fragment {
  private readonly parts: string[];

  constructor(html: string) {
    this.parts = html.split(/%%([a-zA-Z]+)%%/);
  }

  /** The fragment with each token replaced by its value (values must already be escaped for HTML). */
  fill(values: Readonly<Record<string, string>> = {}): string {
    let html = this.parts[0];
    for (let index = 1; index < this.parts.length; index += 2) {
      html += (values[this.parts[index]] ?? '') + this.parts[index + 1];
    }
    return html;
  }
}

export interface CompiledLayout {
  layout: Layout;
  fragments: Readonly<Record<FragmentName, Fragment>>;
}

const markerPattern = /<!--dpp:([a-zA-Z]+)-->/;

/**
 * Compiles a layout for a style with MJML (responsive tables, inlined styles) and cuts the result into its
 * fragments. This is the slow step of rendering (tens of milliseconds), hence `compiledLayout`'s cache.
 */
export async function compileLayout(layoutName: string, style: TemplateStyle): Promise<CompiledLayout> {
  const layout = buildLayout(layoutName, style);
  // MJML (with juice, cheerio, postcss: ~20 MB of heap) loads with the first layout, not at server start.
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(layout.mjml, {
    validationLevel: 'strict',
    keepComments: true,
    // The layouts use fonts every client has; MJML must not add links to web fonts.
    fonts: {},
  });
  if (errors.length > 0) throw new Error(`MJML layout ${layout.name}: ${errors[0].formattedMessage}`);
  const pieces = html.split(markerPattern);
  const fragments: Partial<Record<FragmentName, Fragment>> = { start: new Fragment(compact(pieces[0])) };
  for (let index = 1; index < pieces.length; index += 2) {
    fragments[pieces[index] as FragmentName] = new Fragment(compact(pieces[index + 1]));
  }
  const missing = fragmentNames.filter((name) => !fragments[name]);
  if (missing.length > 0) throw new Error(`MJML layout ${layout.name} lacks fragments ${missing.join(', ')}`);
  return { layout, fragments: fragments as Record<FragmentName, Fragment> };
}

/**
 * MJML's output is indented for people; mail size counts (Gmail clips above 102 KB). MJML also gives
 * images `height="auto"`, which is not valid HTML (a height is a number of pixels); their inline style
 * already says `height:auto`, so the attribute goes.
 */
function compact(html: string): string {
  return html
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/(<img\b[^>]*?) height="auto"/g, '$1')
    .replace(/" >/g, '">')
    .trim();
}

/** What a compiled layout is made of: the layout's name and every value of the style. */
export function layoutKey(layoutName: string, style: TemplateStyle): string {
  return `${layoutName}\n${JSON.stringify(style)}`;
}

/** Compiled layouts kept, most recently used last; a theme change makes a new key, old ones age out. */
const cacheLimit = 64;
const cache = new Map<string, Promise<CompiledLayout>>();

/**
 * The compiled layout for a template's layout and a theme's style, compiled once per distinct pair: the
 * key holds every style value, so any theme change (colour, logo) is a new entry. Concurrent first calls
 * share one compilation; a failed one is not kept.
 */
export function compiledLayout(layoutName: string, style: TemplateStyle): Promise<CompiledLayout> {
  const key = layoutKey(layoutName, style);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const compiling = compileLayout(layoutName, style);
  cache.set(key, compiling);
  compiling.catch(() => cache.delete(key));
  if (cache.size > cacheLimit) cache.delete(cache.keys().next().value as string);
  return compiling;
}

/** Empties the cache (the benchmark measures cold renders with it). */
export function clearCompiledLayouts(): void {
  cache.clear();
}
