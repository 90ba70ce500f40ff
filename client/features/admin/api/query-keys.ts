import type { AdminContactStatus, AdminContentType } from '#shared/schemas/admin-console.ts';

/** Query keys of the admin pages; every one starts with 'admin'. */
export const adminKeys = {
  allUsers: ['admin', 'users'] as const,
  users: (q: string) => ['admin', 'users', { q }] as const,
  allGroups: ['admin', 'groups'] as const,
  groups: (q: string) => ['admin', 'groups', { q }] as const,
  allContent: ['admin', 'content'] as const,
  content: (type: AdminContentType) => ['admin', 'content', { type }] as const,
  allContactMessages: ['admin', 'contact-messages'] as const,
  contactMessages: (status: AdminContactStatus) => ['admin', 'contact-messages', { status }] as const,
  pageViews: (days: number) => ['admin', 'page-views', { days }] as const,
  auditLog: ['admin', 'audit-log'] as const,
};
