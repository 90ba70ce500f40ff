// What other features use of share; everything else in this folder is the feature's own.

// the lookups and addresses of shared pages: the feeds and oEmbed show the same things
export {
  askerOf,
  findGroup,
  findPublicQuestion,
  findSession,
  groupShareImage,
  groupUrl,
  hostOf,
  questionUrl,
  sessionUrl,
  type GroupRow,
} from './page-meta.ts';
