import { describe, expect, it } from 'vitest';

import { LIGHTBOX } from '#shared/constants/ui.ts';

import {
  clampIndex,
  clampZoom,
  DEFAULT_ZOOM,
  initialLightboxState,
  lightboxReducer,
  nextIndex,
  pinchZoom,
  prevIndex,
  SWIPE_MIN_DISTANCE_PX,
  swipeDirection,
  zoomIn,
  zoomOut,
  type LightboxState,
} from './lightbox-zoom.ts';

describe('zoom steps and bounds', () => {
  it('multiplies by the step going in and divides by it going out', () => {
    expect(zoomIn(1)).toBe(LIGHTBOX.zoomStep);
    expect(zoomIn(zoomIn(1))).toBeCloseTo(LIGHTBOX.zoomStep ** 2);
    expect(zoomOut(1)).toBeCloseTo(1 / LIGHTBOX.zoomStep);
  });

  it('comes back to exactly 1 after the same number of steps in and out', () => {
    let zoom = DEFAULT_ZOOM;
    for (let step = 0; step < 4; step += 1) zoom = zoomIn(zoom);
    for (let step = 0; step < 4; step += 1) zoom = zoomOut(zoom);
    expect(zoom).toBe(1);
  });

  it('stops at the maximum and the minimum', () => {
    let zoom = DEFAULT_ZOOM;
    for (let step = 0; step < 50; step += 1) zoom = zoomIn(zoom);
    expect(zoom).toBe(LIGHTBOX.maxZoom);
    for (let step = 0; step < 100; step += 1) zoom = zoomOut(zoom);
    expect(zoom).toBe(LIGHTBOX.minZoom);
  });

  it('clamps any value into the range', () => {
    expect(clampZoom(100)).toBe(LIGHTBOX.maxZoom);
    expect(clampZoom(0)).toBe(LIGHTBOX.minZoom);
    expect(clampZoom(-3)).toBe(LIGHTBOX.minZoom);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(Number.NaN)).toBe(DEFAULT_ZOOM);
  });
});

describe('image navigation', () => {
  it('wraps around at both ends', () => {
    expect(nextIndex(0, 4)).toBe(1);
    expect(nextIndex(3, 4)).toBe(0);
    expect(prevIndex(1, 4)).toBe(0);
    expect(prevIndex(0, 4)).toBe(3);
  });

  it('stays on the only image and copes with an empty list', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(prevIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(prevIndex(0, 0)).toBe(0);
  });

  it('keeps a start index inside the list', () => {
    expect(clampIndex(2, 4)).toBe(2);
    expect(clampIndex(9, 4)).toBe(3);
    expect(clampIndex(-1, 4)).toBe(0);
    expect(clampIndex(1.5, 4)).toBe(0);
  });
});

describe('pinch', () => {
  it('scales the starting zoom by how far the fingers moved apart', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 50)).toBe(1);
  });

  it('is clamped to the zoom range', () => {
    expect(pinchZoom(1, 100, 10_000)).toBe(LIGHTBOX.maxZoom);
    expect(pinchZoom(1, 100, 1)).toBe(LIGHTBOX.minZoom);
  });

  it('ignores a pinch that started with both fingers on one spot', () => {
    expect(pinchZoom(1.2, 0, 50)).toBe(1.2);
  });
});

describe('swipe', () => {
  const start = { x: 200, y: 200 };

  it('goes to the next image when pulled to the left and the previous one when pulled to the right', () => {
    expect(swipeDirection(start, { x: start.x - SWIPE_MIN_DISTANCE_PX, y: start.y })).toBe('next');
    expect(swipeDirection(start, { x: start.x + SWIPE_MIN_DISTANCE_PX, y: start.y + 10 })).toBe('previous');
  });

  it('ignores short and mostly vertical moves', () => {
    expect(swipeDirection(start, { x: start.x - (SWIPE_MIN_DISTANCE_PX - 1), y: start.y })).toBeNull();
    expect(swipeDirection(start, { x: start.x - 80, y: start.y + 120 })).toBeNull();
  });
});

describe('lightboxReducer', () => {
  const count = 5;
  const zoomedAndPanned: LightboxState = { index: 1, zoom: 2, pan: { x: 30, y: -10 } };

  it('opens on the start index at zoom 1', () => {
    expect(initialLightboxState(3, count)).toEqual({ index: 3, zoom: 1, pan: { x: 0, y: 0 } });
  });

  it('resets zoom and pan when the image changes', () => {
    expect(lightboxReducer(zoomedAndPanned, { type: 'next' }, count)).toEqual({
      index: 2,
      zoom: 1,
      pan: { x: 0, y: 0 },
    });
    expect(lightboxReducer(zoomedAndPanned, { type: 'previous' }, count)).toEqual({
      index: 0,
      zoom: 1,
      pan: { x: 0, y: 0 },
    });
  });

  it('resets zoom and pan but keeps the image on reset', () => {
    expect(lightboxReducer(zoomedAndPanned, { type: 'reset' }, count)).toEqual({
      index: 1,
      zoom: 1,
      pan: { x: 0, y: 0 },
    });
  });

  it('pans only while zoomed in', () => {
    const panned = lightboxReducer(zoomedAndPanned, { type: 'panBy', dx: 5, dy: 5 }, count);
    expect(panned.pan).toEqual({ x: 35, y: -5 });

    const atOne = initialLightboxState(0, count);
    expect(lightboxReducer(atOne, { type: 'panBy', dx: 5, dy: 5 }, count)).toBe(atOne);
  });

  it('recentres the image when zooming back down to 1 or below', () => {
    let state = zoomedAndPanned;
    for (let step = 0; step < 4; step += 1) state = lightboxReducer(state, { type: 'zoomOut' }, count);
    expect(state.zoom).toBeLessThanOrEqual(1);
    expect(state.pan).toEqual({ x: 0, y: 0 });
  });

  it('clamps a pinch zoom', () => {
    expect(lightboxReducer(zoomedAndPanned, { type: 'setZoom', zoom: 40 }, count).zoom).toBe(LIGHTBOX.maxZoom);
  });
});
