// One file per area; every table of the database is re-exported here (drizzle-kit reads this file).
export * from './core';
export * from './receivers';
export * from './publications';
export * from './media';
export * from './identity';
export * from './forms';
export * from './listImports';
export * from './delivery';
export * from './sending';
export * from './rsvp';
export * from './analytics';
export * from './journeys';
export * from './abTests';
