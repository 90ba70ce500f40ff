import { z } from 'zod';

/**
 * Contracts of the administration pages (/admin): users, groups and content, contact messages,
 * page views and the audit log. The e-mail outbox's are in admin.ts.
 */

/** The `nextCursor` of the previous page; absent for the first. */
const CursorQuery = z.string().max(300).optional();
const SearchQuery = z.string().trim().max(200, 'Search for at most 200 characters').optional();

/** A person as the admin lists show them beside what they did. */
export const AdminPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
});
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

// ── Users ────────────────────────────────────────────────────────────────────

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  createdAt: z.string(),
  /** When an administrator disabled the account; null while it is active. */
  disabledAt: z.string().nullable(),
  counts: z.object({
    groups: z.number().int(),
    posts: z.number().int(),
    questions: z.number().int(),
    followers: z.number().int(),
  }),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** Query of GET /api/admin/users: newest accounts first, 20 a page. */
export const AdminUsersQuerySchema = z.strictObject({
  /** Part of the name, @username or e-mail, any case. */
  q: SearchQuery,
  cursor: CursorQuery,
});

export const AdminUsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

// ── Groups and content ───────────────────────────────────────────────────────

export const AdminGroupSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  ama: z.boolean(),
  owner: AdminPersonSchema,
  subscriberCount: z.number().int(),
  memberCount: z.number().int(),
  postCount: z.number().int(),
  questionCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminGroup = z.infer<typeof AdminGroupSchema>;

/** Query of GET /api/admin/groups: newest first, 20 a page. */
export const AdminGroupsQuerySchema = z.strictObject({
  /** Part of the name or the slug, any case. */
  q: SearchQuery,
  cursor: CursorQuery,
});

export const AdminGroupsPageSchema = z.object({
  groups: z.array(AdminGroupSchema),
  nextCursor: z.string().nullable(),
});
export type AdminGroupsPage = z.infer<typeof AdminGroupsPageSchema>;

export const ADMIN_CONTENT_TYPES = ['post', 'question', 'comment', 'answer'] as const;
export const AdminContentTypeSchema = z.enum(ADMIN_CONTENT_TYPES);
export type AdminContentType = z.infer<typeof AdminContentTypeSchema>;

/** One post, question, comment or answer, with where it is and who wrote it. */
export const AdminContentItemSchema = z.object({
  type: AdminContentTypeSchema,
  id: z.string(),
  /** The text, cut to 500 characters. */
  body: z.string(),
  author: AdminPersonSchema,
  group: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  /** A comment's post or question, an answer's question; null for posts and questions. */
  parent: z.object({ type: z.enum(['post', 'question']), id: z.string() }).nullable(),
  likeCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminContentItem = z.infer<typeof AdminContentItemSchema>;

/** Query of GET /api/admin/content: one type, newest first, 20 a page. */
export const AdminContentQuerySchema = z.strictObject({
  type: AdminContentTypeSchema.default('post'),
  cursor: CursorQuery,
});

export const AdminContentPageSchema = z.object({
  items: z.array(AdminContentItemSchema),
  nextCursor: z.string().nullable(),
});
export type AdminContentPage = z.infer<typeof AdminContentPageSchema>;

// ── Contact messages ─────────────────────────────────────────────────────────

export const AdminContactStatusSchema = z.enum(['open', 'handled', 'all']);
export type AdminContactStatus = z.infer<typeof AdminContactStatusSchema>;

export const AdminContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(['general', 'support', 'privacy', 'abuse']),
  message: z.string(),
  /** The sender's account when they were signed in (and it still exists). */
  sender: AdminPersonSchema.nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: AdminPersonSchema.nullable(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessageSchema>;

/** Query of GET /api/admin/contact-messages: newest first, 20 a page. */
export const AdminContactQuerySchema = z.strictObject({
  status: AdminContactStatusSchema.default('open'),
  cursor: CursorQuery,
});

export const AdminContactPageSchema = z.object({
  messages: z.array(AdminContactMessageSchema),
  nextCursor: z.string().nullable(),
});
export type AdminContactPage = z.infer<typeof AdminContactPageSchema>;

export const AdminContactResponseSchema = z.object({ message: AdminContactMessageSchema });
export type AdminContactResponse = z.infer<typeof AdminContactResponseSchema>;

// ── Page views ───────────────────────────────────────────────────────────────

export const PAGE_VIEW_DAYS_MAX = 365;
export const PAGE_VIEW_TOP_PAGES = 50;

/** Query of GET /api/admin/page-views: the last `days` days (UTC), today included. */
export const AdminPageViewsQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int('Choose a whole number of days')
    .min(1, 'Choose at least 1 day')
    .max(PAGE_VIEW_DAYS_MAX, `Choose at most ${PAGE_VIEW_DAYS_MAX} days`)
    .default(30),
});

export const AdminPageViewsSchema = z.object({
  days: z.number().int(),
  /** First and last day of the window, YYYY-MM-DD (UTC). */
  from: z.string(),
  to: z.string(),
  totals: z.object({ views: z.number().int(), uniqueVisitors: z.number().int() }),
  /**
   * Every day of the window, oldest first, with zeros for days without views. Visitors are
   * counted by a hash that changes daily, so a day's unique visitors are exact and the
   * window's are visitor-days.
   */
  perDay: z.array(z.object({ date: z.string(), views: z.number().int(), uniqueVisitors: z.number().int() })),
  /** The most viewed pages of the window, at most 50. */
  topPages: z.array(z.object({ path: z.string(), views: z.number().int(), uniqueVisitors: z.number().int() })),
});
export type AdminPageViews = z.infer<typeof AdminPageViewsSchema>;

// ── Audit log ────────────────────────────────────────────────────────────────

export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  /** The administrator: their account if it still exists, their e-mail always. */
  admin: z.object({ id: z.string().nullable(), email: z.string(), username: z.string().nullable() }),
  /** For example 'user.disable', 'group.remove', 'contact.handle'. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.string(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AdminAuditQuerySchema = z.strictObject({ cursor: CursorQuery });

export const AdminAuditPageSchema = z.object({
  entries: z.array(AdminAuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;

/** Messages of the admin API that the pages show as they are. */
export const ADMIN_MESSAGES = {
  cannotDisableSelf: 'You cannot disable your own account.',
  userNotFound: 'This account does not exist.',
  groupNotFound: 'This group does not exist any more.',
  contentNotFound: 'This item does not exist any more.',
  contactNotFound: 'This message does not exist.',
  badCursor: 'This page link is not valid any more. Start again from the first page.',
  resetLinkDisabled: 'This account is disabled. Enable it before sending a password reset link.',
} as const;

/** Answer of POST /api/admin/users/:userId/password-reset: where the link went (the owner's own address). */
export const AdminPasswordResetResponseSchema = z.object({ sentTo: z.string() });
export type AdminPasswordResetResponse = z.infer<typeof AdminPasswordResetResponseSchema>;

/** Answer of GET /api/admin/questions/:questionId/author: who asked an anonymous question (each look audited). */
export const AnonymousAskerResponseSchema = z.object({
  asker: z.object({ id: z.string(), username: z.string(), name: z.string() }),
});
export type AnonymousAskerResponse = z.infer<typeof AnonymousAskerResponseSchema>;
