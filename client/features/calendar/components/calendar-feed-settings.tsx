import { CalendarPlus, Copy, Link2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { fieldControlClassName } from '#client/components/ui/text-input.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { cn } from '#client/lib/cn.ts';

import { useCalendarFeed, useRevokeCalendarFeed, useRotateCalendarFeed } from '../api/calendar-feed.ts';
import { webcalUrl } from '../webcal.ts';

/** The section's texts (the tests read them too). */
export const CALENDAR_FEED_TEXTS = {
  heading: 'Calendar',
  intro:
    'Subscribe in your calendar app to see the live sessions of every group you host, belong to or subscribe to. ' +
    'When a session moves, your calendar moves it; when it is cancelled, your calendar says so.',
  getLink: 'Get a private link',
  emptyHint:
    'You have no calendar link yet. It is private: only you see it here, and you can reset it or turn it off at any time.',
  field: 'Your private calendar link',
  fieldHint:
    'Anyone with this link can see which sessions are in your calendar, so keep it to yourself. ' +
    'In Google Calendar, choose "Other calendars", then "From URL", and paste it.',
  copy: 'Copy link',
  copied: 'Copied',
  copyFailed: 'Could not copy the link: select it and copy it yourself.',
  addToCalendar: 'Add to calendar',
  reset: 'Reset link',
  resetTitle: 'Reset your calendar link?',
  resetDescription:
    'You get a new link, and the old one stops working at once: calendars subscribed to it stop updating until you add the new link.',
  resetDone: 'Your calendar link was reset',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off your calendar link?',
  turnOffDescription:
    'The link stops working at once: calendars subscribed to it stop updating. You can get a new link at any time.',
  turnedOff: 'Your calendar link is turned off',
  loading: 'Loading your calendar link',
  loadFailed: 'Your calendar link could not be loaded',
  failed: 'That did not work',
} as const;

type FocusTarget = 'field' | 'getLink' | null;

/**
 * The "Calendar" section of the settings: the person's private calendar feed, with a copy
 * button, a webcal:// link that opens their calendar app, and reset and turn-off behind a
 * confirmation. After each action the focus lands where the next step is: the new link's field,
 * or the button that gets one again.
 */
export function CalendarFeedSettings() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const headingId = useId();
  const fieldId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const getLinkRef = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState<FocusTarget>(null);
  // A confirm dialog gives the focus back to its trigger as it closes: after a reset, on to the new link.
  const isResetDone = useRef(false);
  const url = feed.data?.url ?? null;

  // Once the new state is on screen, the focus moves to where it is needed.
  useEffect(() => {
    if (focusNext === 'field' && fieldRef.current) {
      fieldRef.current.focus();
      fieldRef.current.select();
      setFocusNext(null);
    } else if (focusNext === 'getLink' && getLinkRef.current) {
      getLinkRef.current.focus();
      setFocusNext(null);
    }
  }, [focusNext, url]);

  function handleGetLink() {
    // a failure shows under the button (rotate.isError)
    rotate.mutate(undefined, { onSuccess: () => setFocusNext('field') });
  }

  async function handleReset() {
    try {
      await rotate.mutateAsync();
    } catch (error) {
      toast.error(CALENDAR_FEED_TEXTS.failed, { description: (error as Error).message });
      throw error;
    }
    toast.success(CALENDAR_FEED_TEXTS.resetDone);
    isResetDone.current = true;
  }

  async function handleTurnOff() {
    try {
      await revoke.mutateAsync();
    } catch (error) {
      toast.error(CALENDAR_FEED_TEXTS.failed, { description: (error as Error).message });
      throw error;
    }
    toast.success(CALENDAR_FEED_TEXTS.turnedOff);
    setFocusNext('getLink');
  }

  async function handleCopy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(CALENDAR_FEED_TEXTS.copied);
    } catch {
      // no clipboard (an insecure address, a refused permission): the link is selected to copy by hand
      fieldRef.current?.focus();
      fieldRef.current?.select();
      toast.error(CALENDAR_FEED_TEXTS.copyFailed);
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid max-w-2xl gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {CALENDAR_FEED_TEXTS.heading}
        </h2>
        <p className="text-sm text-muted-foreground">{CALENDAR_FEED_TEXTS.intro}</p>
      </div>
      {feed.isPending ? (
        <LoadingRegion label={CALENDAR_FEED_TEXTS.loading} className="grid gap-2">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-48" />
        </LoadingRegion>
      ) : feed.isError ? (
        <LoadError title={CALENDAR_FEED_TEXTS.loadFailed} error={feed.error} onRetry={() => void feed.refetch()} />
      ) : url === null ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-muted-foreground">{CALENDAR_FEED_TEXTS.emptyHint}</p>
          <Button ref={getLinkRef} isLoading={rotate.isPending} onClick={handleGetLink}>
            <Link2 aria-hidden />
            {CALENDAR_FEED_TEXTS.getLink}
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <label htmlFor={fieldId} className="text-sm font-medium">
              {CALENDAR_FEED_TEXTS.field}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                ref={fieldRef}
                id={fieldId}
                type="text"
                readOnly
                value={url}
                aria-describedby={`${fieldId}-hint`}
                onFocus={(event) => event.currentTarget.select()}
                className={cn(fieldControlClassName, 'h-9 py-1 font-mono text-xs')}
              />
              <Button variant="outline" onClick={() => void handleCopy()}>
                <Copy aria-hidden />
                {CALENDAR_FEED_TEXTS.copy}
              </Button>
            </div>
            <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
              {CALENDAR_FEED_TEXTS.fieldHint}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={webcalUrl(url)}>
                <CalendarPlus aria-hidden />
                {CALENDAR_FEED_TEXTS.addToCalendar}
              </a>
            </Button>
            <ConfirmDialog
              variant="warning"
              title={CALENDAR_FEED_TEXTS.resetTitle}
              description={CALENDAR_FEED_TEXTS.resetDescription}
              confirmText={CALENDAR_FEED_TEXTS.reset}
              onConfirm={handleReset}
              trigger={
                <Button
                  variant="outline"
                  onFocus={() => {
                    if (!isResetDone.current) return;
                    isResetDone.current = false;
                    fieldRef.current?.focus();
                  }}
                >
                  {CALENDAR_FEED_TEXTS.reset}
                </Button>
              }
            />
            <ConfirmDialog
              variant="destructive"
              title={CALENDAR_FEED_TEXTS.turnOffTitle}
              description={CALENDAR_FEED_TEXTS.turnOffDescription}
              confirmText={CALENDAR_FEED_TEXTS.turnOff}
              onConfirm={handleTurnOff}
              trigger={<Button variant="ghost">{CALENDAR_FEED_TEXTS.turnOff}</Button>}
            />
          </div>
        </div>
      )}
      {rotate.isError && url === null ? (
        <Alert variant="error" title={CALENDAR_FEED_TEXTS.failed} description={rotate.error.message} />
      ) : null}
    </section>
  );
}
