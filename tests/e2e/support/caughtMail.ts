/**
 * The catcher's page searched for `text` (a recipient or a subject). Tests look their own message up
 * this way: other files on the shared server send hundreds of messages, which push it off the newest page.
 */
export const caughtMailUrl = (baseUrl: string, text: string) =>
  `${baseUrl}/mail/?filter=${encodeURIComponent(JSON.stringify({ q: text }))}`;
