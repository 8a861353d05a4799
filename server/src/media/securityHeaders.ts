/** Sent with every user file: the browser must believe our Content-Type, never sniff HTML or script. */
export const userContentHeaders = { 'x-content-type-options': 'nosniff' } as const;

/**
 * For content that could run script when opened directly (SVG, anything not an image): no script,
 * no plugins, no requests, sandboxed. Inline styles stay allowed so SVG artwork still renders.
 */
export const scriptFreeContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
