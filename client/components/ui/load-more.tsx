import { LazyAlert } from '#client/components/ui/lazy-alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

/**
 * The button under a paged list that fetches its next page, while there is one: busy and disabled
 * (with a spinner) while that page is on its way. When it failed, `error` shows under the button;
 * the rows already shown stay, and the button tries again.
 */
export function LoadMore({
  hasMore,
  isLoading,
  onLoad,
  label = 'Load more',
  error,
  errorTitle,
  variant = 'outline',
  size = 'default',
  className,
}: {
  /** Whether there is a next page; without one the button is gone. */
  hasMore: boolean;
  /** The next page is being fetched. */
  isLoading: boolean;
  onLoad: () => void;
  /** The button's text, and so its accessible name. */
  label?: string;
  /** Why the next page failed; pass it only for that failure (TanStack's `isFetchNextPageError`). */
  error?: { message: string } | null | undefined;
  /** A bold first line over that error. */
  errorTitle?: string;
  variant?: 'outline' | 'ghost';
  size?: 'default' | 'sm';
  /** Centred in a grid by default; a class here can place it otherwise. */
  className?: string;
}) {
  return (
    <>
      {hasMore ? (
        <Button
          variant={variant}
          size={size}
          className={cn('justify-self-center', className)}
          isLoading={isLoading}
          onClick={onLoad}
        >
          {label}
        </Button>
      ) : null}
      {error ? <LazyAlert variant="error" title={errorTitle} description={error.message} /> : null}
    </>
  );
}
