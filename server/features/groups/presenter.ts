import { canSubscribe, deriveGroupRole } from '#shared/lib/permissions.ts';
import type {
  GroupAccess,
  GroupSummary,
  SubscriberRecord,
  SubscribingRecord,
  SubscriptionItem,
} from '#shared/schemas/groups.ts';
import type { groups } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';

type GroupRow = typeof groups.$inferSelect;

/** A group row with its host's public columns joined (see `groupSummaryColumns`). */
export type GroupSummaryRow = GroupRow & {
  hostUsername: string;
  hostName: string;
  hostImage: string;
};

/** A group as lists and its page show it. */
export function presentGroup(row: GroupSummaryRow): GroupSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    groupImage: row.groupImage,
    ama: row.ama,
    // only an ama group has a question queue to approve
    questionsNeedApproval: row.ama && row.questionsNeedApproval,
    // the live Q&A's settings, which only a question queue has
    anonymousQuestions: row.ama && row.anonymousQuestions,
    openQuestionCap: row.ama ? row.openQuestionCap : null,
    freshOrder: row.ama && row.freshOrder,
    ownerId: row.ownerId,
    host: { id: row.ownerId, username: row.hostUsername, name: row.hostName, profileImageURL: row.hostImage },
    subscriberCount: row.subscriberCount,
    memberCount: row.memberCount,
    likeCount: row.likeCount,
    lastActivityAt: isoTimeOrNull(row.lastActivityAt),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

/** What the viewer has to do with a group: membership, subscription and like records. */
export interface GroupRelation {
  isMember: boolean;
  isSubscribed: boolean;
  isLiked: boolean;
}

export const NO_RELATION: GroupRelation = { isMember: false, isSubscribed: false, isLiked: false };

/** The viewer's access: the role derived by the shared rule, canSubscribe for a guest. */
export function presentAccess(input: {
  groupId: string;
  ownerId: string;
  viewer: Viewer | null;
  relation: GroupRelation;
}): GroupAccess {
  const relation = input.viewer ? input.relation : NO_RELATION;
  const role = deriveGroupRole({
    userId: input.viewer?.id,
    ownerId: input.ownerId,
    isMember: relation.isMember,
    isSubscriber: relation.isSubscribed,
  });
  return {
    groupId: input.groupId,
    role,
    canSubscribe: canSubscribe(role),
    isSubscribed: relation.isSubscribed,
    isMember: relation.isMember,
    isLiked: relation.isLiked,
  };
}

/** A person with the time they joined a list (members). */
export function presentMember(row: {
  id: string;
  username: string;
  name: string;
  profileImageUrl: string;
  addedAt: Date;
}) {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    profileImageURL: row.profileImageUrl,
    addedAt: isoTime(row.addedAt),
  };
}

/** The subscriber record: the subscription row with the person joined. */
export function presentSubscriber(row: {
  id: string;
  username: string;
  name: string;
  profileImageUrl: string;
  groupId: string;
  createdAt: Date;
  updatedAt: Date;
}): SubscriberRecord {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    image: row.profileImageUrl,
    groupId: row.groupId,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

/** The user's subscribing record: the same row with the group joined. */
export function presentSubscribing(row: {
  groupId: string;
  groupName: string;
  groupImage: string;
  createdAt: Date;
  lastViewedAt: Date | null;
}): SubscribingRecord {
  return {
    groupId: row.groupId,
    groupName: row.groupName,
    groupImage: row.groupImage,
    subscribedAt: isoTime(row.createdAt),
    lastViewedAt: isoTimeOrNull(row.lastViewedAt),
  };
}

/** One item of the viewer's subscription list. */
export function presentSubscriptionItem(row: {
  groupId: string;
  groupSlug: string;
  groupName: string;
  groupImage: string;
  creatorName: string;
  creatorProfileImage: string;
  creatorUsername: string;
  subscribedAt: Date;
  lastViewedAt: Date | null;
  lastActivityAt: Date | null;
  hasNewActivity: boolean;
  newQuestionsCount: number;
  newAnswersCount: number;
}): SubscriptionItem {
  return {
    groupId: row.groupId,
    groupSlug: row.groupSlug,
    groupName: row.groupName,
    groupImage: row.groupImage,
    creatorName: row.creatorName,
    creatorProfileImage: row.creatorProfileImage,
    username: row.creatorUsername,
    subscribedAt: isoTime(row.subscribedAt),
    lastViewedAt: isoTimeOrNull(row.lastViewedAt),
    lastActivityAt: isoTimeOrNull(row.lastActivityAt),
    hasNewActivity: row.hasNewActivity,
    newQuestionsCount: row.newQuestionsCount,
    newAnswersCount: row.newAnswersCount,
  };
}
