const safeUrl = /^(https?:\/\/|mailto:)\S+$/i;
const looksLikeDomain = /^[\w-]+(\.[\w-]+)+(\/\S*)?$/;
const looksLikeEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The href for what someone typed as a link address: kept when it is an http(s) or mailto URL,
 * completed for a bare domain (`zuiderveen.nl/afval` → https://…) or e-mail address (→ mailto:);
 * undefined for anything else (the server would refuse it).
 */
export function linkAddress(typed: string): string | undefined {
  const text = typed.trim();
  const href = safeUrl.test(text)
    ? text
    : looksLikeEmail.test(text)
      ? `mailto:${text}`
      : looksLikeDomain.test(text)
        ? `https://${text}`
        : undefined;
  return href !== undefined && URL.canParse(href) ? href : undefined;
}
