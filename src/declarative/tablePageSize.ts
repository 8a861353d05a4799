/** Spec §2 and §9: tables and pickers load 250 rows per request. */
export const tablePageSize = 250;
