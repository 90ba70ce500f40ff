// Every table of Townhall, one file per feature; drizzle-kit reads this folder.
export * from './meta.ts';
