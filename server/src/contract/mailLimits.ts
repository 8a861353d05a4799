// Limits of the mail area as plain values, so the console can import them at run time without TypeBox.

/** The most addresses one test send of a publication takes. */
export const maxTestSendAddresses = 10;

/** Above this many recipients the console asks to type the number before a delivery starts. */
export const confirmRecipientsAbove = 100;

/** Gmail cuts a message's HTML off above this size ('[Bericht ingekort]'). */
export const gmailClipBytes = 102 * 1024;

/** The longest subject and preview text a publication takes (mail programs show far less). */
export const maxSubjectLength = 200;
export const maxPreheaderLength = 250;
