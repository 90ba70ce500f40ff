import { Button } from '#client/components/ui/button.tsx';
import { LazyAlert } from '#client/components/ui/lazy-alert.tsx';

/** A failed load: what went wrong, in the server's (or the network's) words, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  /** The query's error; without one, only the title shows. */
  error?: { message: string } | null | undefined;
  onRetry: () => void;
}) {
  return (
    <LazyAlert variant="error" title={title} description={error?.message}>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </LazyAlert>
  );
}
