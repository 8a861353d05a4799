type Child = Node | string | false | undefined;

/** A tiny element builder for the screens shown before React loads (no framework in the entry). */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

const svgNamespace = 'http://www.w3.org/2000/svg';

/** A Material icon (24x24 path), hidden from assistive technology like MUI's icons. */
export function icon(path: string, className: string): SVGSVGElement {
  const svg = document.createElementNS(svgNamespace, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', className);
  const shape = document.createElementNS(svgNamespace, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

/** The indeterminate circular progress of MUI, drawn and animated by boot.css. */
export function spinner(className: string): SVGSVGElement {
  const svg = document.createElementNS(svgNamespace, 'svg');
  svg.setAttribute('viewBox', '22 22 44 44');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', className);
  const circle = document.createElementNS(svgNamespace, 'circle');
  for (const [name, value] of Object.entries({
    cx: '44',
    cy: '44',
    r: '20.2',
    fill: 'none',
    'stroke-width': '3.6',
  }))
    circle.setAttribute(name, value);
  svg.append(circle);
  return svg;
}

/** Material icons' paths (Apartment, Login, ErrorOutline), as the MUI screens showed them. */
export const icons = {
  apartment:
    'M17 11V3H7v4H3v14h8v-4h2v4h8V11zM7 19H5v-2h2zm0-4H5v-2h2zm0-4H5V9h2zm4 4H9v-2h2zm0-4H9V9h2zm0-4H9V5h2zm4 8h-2v-2h2zm0-4h-2V9h2zm0-4h-2V5h2zm4 12h-2v-2h2zm0-4h-2v-2h2z',
  login:
    'M11 7 9.6 8.4l2.6 2.6H2v2h10.2l-2.6 2.6L11 17l5-5zm9 12h-8v2h8c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-8v2h8z',
  errorOutline:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
};
