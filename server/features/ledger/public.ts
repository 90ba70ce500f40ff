// What other features use of the moderation ledger; everything else in this folder is the feature's own.

// a moderation of a question (hide, approve, reject, remove…) writes its entries in its transaction
export { recordLedgerEntries, type LedgerEntryInput } from './record-entry.ts';
