import { Skeleton } from '#client/components/ui/skeleton.tsx';

/** Placeholder of a text page while it loads: a few paragraphs of grey lines. */
export function ContentSkeleton({ label, paragraphs = 3 }: { label: string; paragraphs?: number }) {
  return (
    <div role="status" className="grid gap-8">
      <span className="sr-only">{label}</span>
      {Array.from({ length: paragraphs }, (_, index) => (
        <div key={index} className="grid gap-2.5">
          <Skeleton className="mb-1 h-6 w-1/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ))}
    </div>
  );
}
