// List import values as plain values, so the console can use them at run time without loading TypeBox.

/** add: new addresses only; update: existing ones only; addAndUpdate: both (matched ignoring case). */
export const importModes = ['add', 'update', 'addAndUpdate'] as const;

/** How many refused rows `…/refusals` answers (the console shows them); all are in refused.csv. */
export const shownRefusals = 100;
