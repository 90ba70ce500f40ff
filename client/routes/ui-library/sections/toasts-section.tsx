import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { TOASTS } from '#shared/constants/ui.ts';

import { DemoSection } from '../demo-section.tsx';

// Long enough to read the 'Loading...' state.
const DEMO_PROMISE_MS = 1500;
const BURST_SIZE = 5;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

async function failAfterDelay(): Promise<never> {
  await wait(DEMO_PROMISE_MS);
  throw new Error('The demo action failed on purpose');
}

/** A button for each kind of toast, a persistent one, and a burst that shows the cap on visible toasts. */
export function ToastsSection() {
  return (
    <DemoSection
      id="toasts"
      title="Toasts"
      description={`Bottom right, ${String(TOASTS.visibleToasts)} visible at most, gone after ${String(TOASTS.durationMs / 1000)} s unless you hover them. Swipe one away, or press Alt+T to focus them.`}
    >
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() => toast.success('Profile saved', { description: 'Your changes are live.' })}
        >
          Show success toast
        </Button>
        <Button
          variant="outline"
          onClick={() => toast.error('Could not save', { description: 'Check your connection.' })}
        >
          Show error toast
        </Button>
        <Button variant="outline" onClick={() => toast.info('Live session at 20:00')}>
          Show info toast
        </Button>
        <Button variant="outline" onClick={() => toast.warning('Your subscription ends in 3 days')}>
          Show warning toast
        </Button>
        <Button variant="outline" onClick={() => toast.message('New follower', { description: 'Ada followed you.' })}>
          Show message toast
        </Button>
        <Button variant="outline" onClick={() => toast.destructive('Post deleted')}>
          Show destructive toast
        </Button>
        <Button variant="outline" onClick={() => void toast.promise(wait(DEMO_PROMISE_MS))}>
          Show promise toast (resolves)
        </Button>
        <Button variant="outline" onClick={() => void toast.promise(failAfterDelay())}>
          Show promise toast (rejects)
        </Button>
        <Button
          variant="outline"
          onClick={() => toast.persistent('This toast stays', { description: 'Close it with its × button.' })}
        >
          Show persistent toast
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            for (let n = 1; n <= BURST_SIZE; n += 1) toast(`Toast ${String(n)} of ${String(BURST_SIZE)}`);
          }}
        >
          Fire 5 toasts
        </Button>
        <Button variant="ghost" onClick={() => toast.dismiss()}>
          Dismiss all toasts
        </Button>
      </div>
    </DemoSection>
  );
}
