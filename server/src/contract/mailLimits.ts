// Limits of the mail area as plain values, so the console can import them at run time without TypeBox.

/** The most addresses one test send of a publication takes. */
export const maxTestSendAddresses = 10;
