import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_SAMPLE_RATE, accessLogReason, SLOW_REQUEST_MS } from './access-log.ts';

const never = () => false;
const always = () => true;

describe('accessLogReason', () => {
  it('always keeps errors and slow requests', () => {
    for (const mode of ['sampled', 'full', 'errors'] as const) {
      expect(accessLogReason(mode, 500, 3, never)).toBe('error');
      expect(accessLogReason(mode, 503, 3, never)).toBe('error');
      expect(accessLogReason(mode, 200, SLOW_REQUEST_MS, never)).toBe('slow');
    }
  });

  it('keeps every ordinary request in full mode, a sample in sampled mode, none in errors mode', () => {
    expect(accessLogReason('full', 200, 1, never)).toBe('full');
    expect(accessLogReason('full', 404, 1, never)).toBe('full');
    expect(accessLogReason('sampled', 200, 1, never)).toBeNull();
    expect(accessLogReason('sampled', 200, 1, always)).toBe('sampled');
    expect(accessLogReason('errors', 200, 1, always)).toBeNull();
    expect(accessLogReason('errors', 429, 1, always)).toBeNull();
  });

  it('samples about one request in a hundred by default', () => {
    expect(ACCESS_LOG_SAMPLE_RATE).toBe(0.01);
  });
});
