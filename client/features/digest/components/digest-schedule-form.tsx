import { useId, useMemo } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { DIGEST_SCHEDULE_MESSAGES } from '#shared/constants/digest-schedule.ts';
import type { DigestSchedule } from '#shared/schemas/digest-schedule.ts';

import { useDigestSchedule, useUpdateDigestSchedule } from '../api/digest-schedule.ts';

/** The days in the order a week is read here, Monday first; the values are the API's (0 Sunday). */
export const DIGEST_DAYS: readonly { value: number; label: string }[] = [
  { value: 1, label: 'Monday' },
  { value: 2, label: 'Tuesday' },
  { value: 3, label: 'Wednesday' },
  { value: 4, label: 'Thursday' },
  { value: 5, label: 'Friday' },
  { value: 6, label: 'Saturday' },
  { value: 0, label: 'Sunday' },
];

/** '08:00' for 8. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The browser's own time zone, or null when it cannot tell. */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Every time zone the browser knows, grouped by region ('Europe', 'America', …), with UTC and the
 * ones given (the saved one) always there.
 */
function timeZoneGroups(...always: (string | null)[]): { region: string; zones: string[] }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = [...new Set(['UTC', ...always.filter((name): name is string => Boolean(name)), ...known])].sort();
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const region = name.includes('/') ? name.slice(0, name.indexOf('/')) : 'Other';
    groups.set(region, [...(groups.get(region) ?? []), name]);
  }
  return [...groups].map(([region, zones]) => ({ region, zones }));
}

/** 'America/Argentina/Buenos_Aires' reads 'Argentina/Buenos Aires' under its region. */
const zoneLabel = (name: string) =>
  (name.includes('/') ? name.slice(name.indexOf('/') + 1) : name).replaceAll('_', ' ');

const selectClasses =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

/**
 * When the weekly digest comes: a day, an hour and a time zone, each saved at once. While the
 * digest is off the controls stay visible but disabled, with a line that says why. A saved UTC
 * schedule offers the browser's own time zone in one click (it is never switched silently: UTC
 * may be what the person chose).
 */
export function DigestScheduleForm({ isDigestOn }: { isDigestOn: boolean }) {
  const query = useDigestSchedule();
  const update = useUpdateDigestSchedule();
  const dayId = useId();
  const hourId = useId();
  const noteId = useId();
  const localZone = useMemo(() => browserTimeZone(), []);
  const schedule = query.data;
  const zones = useMemo(() => timeZoneGroups(schedule?.timeZone ?? null, localZone), [schedule?.timeZone, localZone]);
  const zoneId = useId();

  function save(change: Partial<DigestSchedule>) {
    if (!schedule) return;
    const next = { ...schedule, ...change };
    update.mutate(next, {
      onSuccess: (saved) => {
        const day = DIGEST_DAYS.find((entry) => entry.value === saved.weekday)?.label ?? '';
        toast.success('Digest schedule saved', {
          description: `Your weekly digest comes on ${day}s at ${hourLabel(saved.hour)} (${saved.timeZone.replaceAll('_', ' ')}).`,
        });
      },
      onError: (error) => {
        toast.error(DIGEST_SCHEDULE_MESSAGES.notSaved, { description: error.message });
      },
    });
  }

  return (
    <section aria-labelledby="digest-schedule" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="digest-schedule" className="text-base font-semibold">
          Weekly digest schedule
        </h3>
        <p id={noteId} className="text-sm text-muted-foreground">
          {isDigestOn
            ? 'When your weekly digest comes, in your time zone.'
            : 'Turn on the weekly digest above to choose when it comes.'}
        </p>
      </div>
      {query.isPending ? (
        <LoadingRegion label="Loading your digest schedule" className="grid gap-3 rounded-lg border p-4 sm:grid-cols-3">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </LoadingRegion>
      ) : query.isError || !schedule ? (
        <LoadError
          title="Your digest schedule could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <fieldset
          disabled={!isDigestOn}
          aria-describedby={noteId}
          className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[1fr_1fr_2fr]"
        >
          <legend className="sr-only">Weekly digest schedule</legend>
          <div className="grid gap-1.5">
            <label htmlFor={dayId} className="text-sm font-medium">
              Day
            </label>
            <select
              id={dayId}
              value={schedule.weekday}
              onChange={(event) => save({ weekday: Number(event.target.value) })}
              className={selectClasses}
            >
              {DIGEST_DAYS.map((day) => (
                <option key={day.value} value={day.value}>
                  {day.label}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={hourId} className="text-sm font-medium">
              Hour
            </label>
            <select
              id={hourId}
              value={schedule.hour}
              onChange={(event) => save({ hour: Number(event.target.value) })}
              className={selectClasses}
            >
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={zoneId} className="text-sm font-medium">
              Time zone
            </label>
            {/* a native list: type-ahead on desktop, the system picker on phones, some 400 zones grouped by region */}
            <select
              id={zoneId}
              value={schedule.timeZone}
              onChange={(event) => save({ timeZone: event.target.value })}
              className={selectClasses}
            >
              {zones.map((group) => (
                <optgroup key={group.region} label={group.region}>
                  {group.zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zoneLabel(zone)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {isDigestOn && localZone && localZone !== schedule.timeZone ? (
              <Button
                variant="link"
                size="sm"
                className="h-auto justify-self-start px-0"
                onClick={() => save({ timeZone: localZone })}
              >
                Use my time zone ({localZone.replaceAll('_', ' ')})
              </Button>
            ) : null}
          </div>
        </fieldset>
      )}
    </section>
  );
}
