/** A count the server stops at 100 (unread notifications, a subscription's new items): '99+' beyond 99. */
export function cappedCountText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
