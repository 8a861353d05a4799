/** Where the personal unsubscribe links of delivered messages point: `/u/{token}`. */
export const unsubscribePrefix = '/u';
