// Every table of Townhall, one file per feature; drizzle-kit reads this folder.
export * from './accounts.ts';
export * from './admin.ts';
export * from './analytics.ts';
export * from './follows.ts';
export * from './groups.ts';
export * from './images.ts';
export * from './ledger.ts';
export * from './mail.ts';
export * from './meta.ts';
export * from './page-changes.ts';
export * from './posts.ts';
export * from './rate-limits.ts';
export * from './sessions.ts';
