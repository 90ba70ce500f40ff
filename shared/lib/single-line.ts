/**
 * A one-line text (a display name, a group name, a session title) as it is kept: every run of
 * whitespace that holds a line break or tab becomes one space, and the ends are trimmed. Such
 * texts go into e-mail subjects, page titles and link previews, where a line break has no
 * place; collapsing it is harmless, so it is done rather than refused.
 */
export function singleLine(value: string): string {
  return value.replace(/\s*[\r\n\t\v\f\u2028\u2029]\s*/g, ' ').trim();
}
