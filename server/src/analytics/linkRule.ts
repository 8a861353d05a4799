// Which links of a message are wrapped for click counting. One rule, in one place: only http(s) links,
// never a personalised one (a merge field in it: the RSVP buttons' `{{rsvpUrl}}` among them), and never a
// link to the platform's own public pages (unsubscribe, web version, RSVP: a scanner following a wrapped
// one must not count as a reader's answer).

const mergeFieldStart = '{{';

export function isPlatformLink(url: string, publicUrl: string): boolean {
  const base = publicUrl.replace(/\/+$/, '');
  return url === base || url.startsWith(`${base}/`);
}

export function isTrackableLink(url: string, publicUrl: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  if (url.includes(mergeFieldStart)) return false;
  return !isPlatformLink(url, publicUrl);
}
