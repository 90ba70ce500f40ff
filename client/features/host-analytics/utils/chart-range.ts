/** The least span of the time axis, in seconds: a session's first minutes are not stretched over years. */
const LEAST_SPAN_SECONDS = 10 * 60;

/** The time axis from the first to the last sample, widened around them to at least LEAST_SPAN_SECONDS. */
export function timeRange(min: number, max: number): [number, number] {
  const missing = LEAST_SPAN_SECONDS - (max - min);
  return missing > 0 ? [min - missing / 2, max + missing / 2] : [min, max];
}
