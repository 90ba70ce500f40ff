import { Avatar as AvatarPrimitive } from 'radix-ui';
import { Children, createContext, useContext, type ComponentProps, type ReactNode } from 'react';

import { avatarSrcSet } from '#client/lib/srcset.ts';
import { cn } from '#client/lib/cn.ts';
import { AVATAR_GROUP_MAX, type AVATAR_GRADIENT_COUNT } from '#shared/constants/ui.ts';

import {
  AVATAR_STATUS_LABELS,
  formatOverflowLabel,
  getGradientIndex,
  getInitials,
  splitAvatarGroup,
  type AvatarStatus,
} from './avatar-rules.ts';

/** Avatar sizes, xs to 2xl. */
export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';
/** Avatar shapes. */
export type AvatarShape = 'circular' | 'rounded' | 'square';

/**
 * The gradients behind initials, indexed by getGradientIndex. Every pair is dark enough (700-ish)
 * for white initials to stay above 4.5:1 in both themes. The tuple type ties their number to the
 * spec's count: adding or removing one fails the type check.
 */
const GRADIENTS = [
  'from-rose-600 to-red-800',
  'from-orange-700 to-amber-800',
  'from-emerald-700 to-teal-800',
  'from-sky-700 to-blue-800',
  'from-indigo-600 to-violet-800',
  'from-fuchsia-700 to-purple-800',
  'from-slate-600 to-zinc-800',
] as const satisfies { length: typeof AVATAR_GRADIENT_COUNT };

/**
 * What each size sets: the box and its initials (`box`), its CSS width for srcset's `sizes`
 * (`pixels`: Tailwind's size-6 … size-20), the presence dot, which grows with the avatar but stays
 * small enough not to hide the face (`dot`), and in a group, an overlap enough to read as a group,
 * little enough to leave the initials legible (`overlap`).
 */
const SIZES: Record<AvatarSize, { box: string; pixels: number; dot: string; overlap: string }> = {
  xs: { box: 'size-6 text-[0.625rem]', pixels: 24, dot: 'size-2', overlap: '-space-x-1.5' },
  sm: { box: 'size-8 text-xs', pixels: 32, dot: 'size-2.5', overlap: '-space-x-1.5' },
  md: { box: 'size-10 text-sm', pixels: 40, dot: 'size-3', overlap: '-space-x-2' },
  lg: { box: 'size-12 text-base', pixels: 48, dot: 'size-3.5', overlap: '-space-x-2' },
  xl: { box: 'size-16 text-xl', pixels: 64, dot: 'size-4', overlap: '-space-x-3' },
  '2xl': { box: 'size-20 text-2xl', pixels: 80, dot: 'size-5', overlap: '-space-x-3' },
};

/**
 * What each shape sets: the corners, and where the presence dot sits. A square avatar keeps its
 * dot on the corner; a round one pulls it in onto the curve.
 */
const SHAPES: Record<AvatarShape, { corners: string; dot: string }> = {
  circular: { corners: 'rounded-full', dot: 'right-0 bottom-0' },
  rounded: { corners: 'rounded-md', dot: '-right-0.5 -bottom-0.5' },
  square: { corners: 'rounded-none', dot: '-right-1 -bottom-1' },
};

const statusColours: Record<AvatarStatus, string> = {
  online: 'bg-emerald-500',
  away: 'bg-amber-400',
  busy: 'bg-red-600',
  offline: 'bg-zinc-400 dark:bg-zinc-500',
};

/** Size and shape given to every avatar inside an AvatarGroup that does not set its own. */
const AvatarGroupContext = createContext<{ size?: AvatarSize; shape?: AvatarShape; isInGroup: boolean }>({
  isInGroup: false,
});

/** Props of Avatar. */
export type AvatarProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** The picture; without one, or when it fails to load, the initials show on a gradient. */
  src?: string | null;
  /** The person's name: the picture's text alternative and the source of the initials. */
  name?: string | null;
  /** Chooses the gradient (id modulo 7; a string id is hashed). */
  userId?: string | number | null;
  /** Text alternative when it should differ from the name; '' when a visible name sits beside it. */
  alt?: string;
  /** Presence, shown as a dot with an accessible label. */
  status?: AvatarStatus;
  size?: AvatarSize;
  shape?: AvatarShape;
};

const fallbackClassName =
  'flex size-full items-center justify-center bg-linear-to-br leading-none font-semibold text-white before:content-[attr(data-initials)]';

/** A person's picture, or their initials on a gradient, with an optional presence dot. */
export function Avatar({ src, name, userId, alt, status, size, shape, className, ...props }: AvatarProps) {
  const group = useContext(AvatarGroupContext);
  const resolvedSize = size ?? group.size ?? 'md';
  const resolvedShape = shape ?? group.shape ?? 'circular';
  const label = alt ?? name ?? '';
  const gradient = GRADIENTS[getGradientIndex(userId, name ?? undefined)];
  // Our uploaded pictures come in several sizes: the browser picks the one for this size and screen.
  const responsive = src ? avatarSrcSet(src, SIZES[resolvedSize].pixels) : null;

  return (
    <span
      data-slot="avatar"
      className={cn(
        'relative inline-flex shrink-0 align-middle select-none',
        SIZES[resolvedSize].box,
        SHAPES[resolvedShape].corners,
        // In a group the avatars overlap; a ring in the page colour keeps their edges apart.
        group.isInGroup && 'ring-2 ring-background',
        className,
      )}
      {...props}
    >
      <AvatarPrimitive.Root className={cn('flex size-full overflow-hidden', SHAPES[resolvedShape].corners)}>
        {src ? (
          <AvatarPrimitive.Image
            src={responsive?.src ?? src}
            {...(responsive ? { srcSet: responsive.srcSet, sizes: responsive.sizes } : {})}
            alt={label}
            className="size-full object-cover"
          />
        ) : null}
        <AvatarPrimitive.Fallback
          className={cn(fallbackClassName, gradient)}
          // Initials alone mean little when read out; the name (if any) is the alternative. A
          // decorative avatar (alt="") draws them, not writes them, so they never join the text of
          // what holds it (a link named 'Climate, Plainly' does not read 'CPClimate, Plainly').
          {...(label
            ? { role: 'img', 'aria-label': label, children: getInitials(name) }
            : { 'aria-hidden': true, 'data-initials': getInitials(name) })}
        />
      </AvatarPrimitive.Root>
      {status ? (
        <span
          role="img"
          aria-label={AVATAR_STATUS_LABELS[status]}
          data-status={status}
          className={cn(
            'absolute block rounded-full ring-2 ring-background',
            SIZES[resolvedSize].dot,
            statusColours[status],
            SHAPES[resolvedShape].dot,
          )}
        />
      ) : null}
    </span>
  );
}

/** Props of AvatarGroup. */
export type AvatarGroupProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** Avatar elements, in the order they should appear. */
  children: ReactNode;
  /** How many avatars show before the '+N' bubble (default AVATAR_GROUP_MAX, 3). */
  max?: number;
  /** Size and shape for every avatar of the group and the bubble. */
  size?: AvatarSize;
  shape?: AvatarShape;
};

/** Overlapping avatars: the first `max`, then a '+N' bubble for the rest. */
export function AvatarGroup({
  children,
  max = AVATAR_GROUP_MAX,
  size = 'md',
  shape = 'circular',
  className,
  ...props
}: AvatarGroupProps) {
  const avatars = Children.toArray(children);
  const { visible, hidden } = splitAvatarGroup(avatars.length, max);

  return (
    <AvatarGroupContext value={{ size, shape, isInGroup: true }}>
      <div
        data-slot="avatar-group"
        role="group"
        className={cn('flex items-center', SIZES[size].overlap, className)}
        {...props}
      >
        {avatars.slice(0, visible)}
        {hidden > 0 ? (
          <span
            data-slot="avatar-group-overflow"
            className={cn(
              'relative inline-flex shrink-0 items-center justify-center align-middle font-medium select-none',
              'bg-muted text-muted-foreground ring-2 ring-background',
              SIZES[size].box,
              SHAPES[shape].corners,
            )}
          >
            <span aria-hidden="true">+{hidden}</span>
            <span className="sr-only">{formatOverflowLabel(hidden)}</span>
          </span>
        ) : null}
      </div>
    </AvatarGroupContext>
  );
}
