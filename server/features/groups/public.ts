// What other features use of groups; everything else in this folder is the feature's own.

// the permission rule applied to a write in a group, and the group row with the viewer's relation to it
export { authorizeGroupAction, authorizeGroupRead } from './authorize-group-action.ts';
export { findGroupOwner, loadGroupWithRelation } from './find-group.ts';
// a post, question, answer or comment moves its group's last activity
export { touchGroupActivity } from './touch-group-activity.ts';
// an administrator removes a group with the host's own delete
export { removeLockedGroup } from './delete-group.ts';
// likes of posts, comments, questions and answers spend the group like budget
export { GROUP_RATE_RULES } from './rate-rules.ts';
