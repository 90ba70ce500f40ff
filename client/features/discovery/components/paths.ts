/** The page of a post in its group (the lead's post page). */
export const postPath = (groupSlug: string, postId: string) =>
  `/group/${encodeURIComponent(groupSlug)}/post/${encodeURIComponent(postId)}`;

/** The page of a question in its group (the lead's question page). */
export const questionPath = (groupSlug: string, questionId: string) =>
  `/group/${encodeURIComponent(groupSlug)}/question/${encodeURIComponent(questionId)}`;
