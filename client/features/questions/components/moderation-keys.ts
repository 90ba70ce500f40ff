/** The host's keys in the questions panel, and what each does (the `?` dialog lists them). */
export const MODERATION_KEYS = [
  { key: 'j', label: 'Next question' },
  { key: 'k', label: 'Previous question' },
  { key: 'p', label: 'Pin or unpin' },
  { key: 'a', label: 'Answer' },
  { key: 'h', label: 'Hide (pick a reason)' },
  { key: 'm', label: 'Merge into the closest possible duplicate' },
  { key: 'u', label: 'Undo the last merge or hide' },
  { key: '?', label: 'Show these keys' },
] as const;

/** Whether a key press is typing (in a field) or a shortcut of the browser, not one of ours. */
export function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="dialog"], [role="combobox"], [role="menu"]')) return true;
  return false;
}
