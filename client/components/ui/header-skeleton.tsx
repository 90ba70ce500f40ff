import type { AvatarShape } from './avatar.tsx';
import { LoadingRegion, Skeleton } from './skeleton.tsx';

/** The picture placeholder's corners, as the Avatar of that shape has them. */
const pictureCorners: Record<Exclude<AvatarShape, 'square'>, string> = {
  circular: 'rounded-full',
  rounded: 'rounded-md',
};

/** Props of HeaderSkeleton. */
export type HeaderSkeletonProps = {
  /** What is read out: 'Loading group'. */
  label: string;
  /** The shape of the header's picture. */
  shape: Exclude<AvatarShape, 'square'>;
  /** The width of the line under the title, about that of what it stands for: 'w-24'. */
  subtitleWidth: string;
};

/**
 * Placeholder of a page's header (a group's, a person's) while it loads: the large picture, then
 * the title, the line under it, the text and the counts.
 */
export function HeaderSkeleton({ label, shape, subtitleWidth }: HeaderSkeletonProps) {
  return (
    <LoadingRegion label={label} className="flex flex-col items-center gap-4 sm:flex-row sm:items-start sm:gap-6">
      <Skeleton className={`size-24 ${pictureCorners[shape]} sm:size-32`} />
      <div className="grid w-full max-w-sm flex-1 justify-items-center gap-3 sm:justify-items-start">
        <Skeleton className="h-8 w-48" />
        <Skeleton className={`h-4 ${subtitleWidth}`} />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-40" />
      </div>
    </LoadingRegion>
  );
}
