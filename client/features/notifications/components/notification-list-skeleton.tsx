import { ListSkeleton } from '#client/components/ui/skeleton.tsx';

/** The list's placeholder while its code or its first page loads. */
export function NotificationListSkeleton() {
  return <ListSkeleton rows={4} label="Loading notifications" className="p-4" />;
}
