/**
 * A text shown to the user: an i18n key (`app.receivers.lists.title`) or a Dutch literal ('Naam').
 * react-admin translates it with the literal as fallback, so both work wherever a Label goes.
 */
export type Label = string;
