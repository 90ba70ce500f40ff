// What other features use of sessions; everything else in this folder is the feature's own.

// sessions read and presented inside another page's statement (my sessions, the creator dashboard)
export {
  presentSession,
  presentSessionPage,
  selectSessions,
  sessionFromJson,
  sessionJson,
  type SessionJson,
} from './select-sessions.ts';
