/** Version segment of the data model, recorded in the database. */
export const DATA_VERSION = '0.0.3';

/** Shortest username and password the sign-up accepts. */
export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;
/** Page size of the subscribers and subscriptions lists. */
export const PAGE_SIZE = 20;
/**
 * New questions (and, apart, new answers) of a subscription are counted up to this many: a
 * count shows "99+" beyond 99. Counting every question of a large group since a first visit
 * took two seconds a request.
 */
export const NEW_ITEMS_COUNT_CAP = 100;

/** Limits of a group's fields (ours: the spec names none) and page sizes (20, as every list). */
export const GROUP_LIMITS = {
  nameMax: 80,
  slugMin: 3,
  slugMax: 50,
  descriptionMax: 2000,
  pageSize: 20,
  pageMax: 50,
} as const;

/** Limits of texts and images of posts, comments and questions (ours; the issue suggests 500 for questions). */
export const CONTENT_LIMITS = {
  postBodyMax: 5000,
  postImagesMax: 10,
  commentBodyMax: 2000,
  questionBodyMax: 500,
  answerBodyMax: 5000,
  pageSize: 20,
  pageMax: 50,
  commentsPageSize: 50,
  similarQuestionsMax: 5,
  likedByPreview: 3,
} as const;

/** Limits of the editable profile fields (ours: the spec names none). */
export const PROFILE_LIMITS = {
  nameMax: 50,
  usernameMax: 30,
  quoteMax: 280,
} as const;

/** Page sizes of discovery: the spec's 20 a page; the dashboard shows a few of each. */
export const DISCOVERY_LIMITS = {
  pageSize: GROUP_LIMITS.pageSize,
  pageMax: GROUP_LIMITS.pageMax,
  dashboardSessions: 10,
  dashboardActivity: 15,
  dashboardGroupsMax: 100,
} as const;
