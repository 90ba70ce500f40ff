/**
 * Pure rules of the image lightbox: zoom steps and bounds, image navigation, pinch and swipe.
 * The component only wires events to these, so every rule is unit-tested without a DOM.
 */
import { LIGHTBOX } from '#shared/constants/ui.ts';

/** Zoom with no magnification: the image fits the screen. */
export const DEFAULT_ZOOM = 1;

/**
 * A horizontal touch move at least this long (and longer than it is tall) changes the image.
 * Our choice, not the spec's: long enough that a tap or a wobbly scroll never counts.
 */
export const SWIPE_MIN_DISTANCE_PX = 50;

// 1.2 × 1.2 / 1.2 is not exactly 1.2 in floating point; rounding keeps "zoom > 1" honest after a
// round trip and the percentage label clean.
function round(zoom: number): number {
  return Math.round(zoom * 1e6) / 1e6;
}

/** Keeps a zoom level inside the spec's range (0.1 to 5). */
export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return DEFAULT_ZOOM;
  return round(Math.min(LIGHTBOX.maxZoom, Math.max(LIGHTBOX.minZoom, zoom)));
}

/** One step in: multiply by 1.2, clamped. */
export function zoomIn(zoom: number): number {
  return clampZoom(zoom * LIGHTBOX.zoomStep);
}

/** One step out: divide by 1.2, clamped. */
export function zoomOut(zoom: number): number {
  return clampZoom(zoom / LIGHTBOX.zoomStep);
}

/** The next image; after the last comes the first again (the gallery wraps around). */
export function nextIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

/** The previous image; before the first comes the last (the gallery wraps around). */
export function prevIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index - 1 + count) % count;
}

/** A start index that points at an existing image (0 when it does not). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isInteger(index)) return 0;
  return Math.min(count - 1, Math.max(0, index));
}

/** A point on the screen, in CSS pixels. */
export type Point = { x: number; y: number };

/** Distance between two fingers. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/**
 * Zoom during a two-finger pinch: the zoom at the start of the pinch scaled by how far the fingers
 * have spread (or closed) since, clamped. Taking the start values keeps rounding from piling up.
 */
export function pinchZoom(startZoom: number, startDistance: number, currentDistance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom(startZoom * (currentDistance / startDistance));
}

/** What a finished one-finger move means at zoom 1: the next image, the previous one, or nothing. */
export function swipeDirection(start: Point, end: Point): 'next' | 'previous' | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  // Content follows the finger: pulling it to the left brings in the next image.
  return dx < 0 ? 'next' : 'previous';
}

/** What the lightbox shows: which image, how large, and how far it has been dragged. */
export type LightboxState = { index: number; zoom: number; pan: Point };

/** Everything that changes the lightbox state. */
export type LightboxAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'reset' }
  | { type: 'setZoom'; zoom: number }
  | { type: 'panBy'; dx: number; dy: number };

/** The state when the lightbox opens on `index`. */
export function initialLightboxState(index: number, count: number): LightboxState {
  return { index: clampIndex(index, count), zoom: DEFAULT_ZOOM, pan: { x: 0, y: 0 } };
}

// Panning only makes sense while the image is larger than the screen; below that it recentres.
function withZoom(state: LightboxState, zoom: number): LightboxState {
  return { ...state, zoom, pan: zoom > DEFAULT_ZOOM ? state.pan : { x: 0, y: 0 } };
}

/** Applies one action; `count` is the number of images. Changing image resets zoom and pan. */
export function lightboxReducer(state: LightboxState, action: LightboxAction, count: number): LightboxState {
  switch (action.type) {
    case 'next':
      return initialLightboxState(nextIndex(state.index, count), count);
    case 'previous':
      return initialLightboxState(prevIndex(state.index, count), count);
    case 'zoomIn':
      return withZoom(state, zoomIn(state.zoom));
    case 'zoomOut':
      return withZoom(state, zoomOut(state.zoom));
    case 'reset':
      return initialLightboxState(state.index, count);
    case 'setZoom':
      return withZoom(state, clampZoom(action.zoom));
    case 'panBy':
      if (state.zoom <= DEFAULT_ZOOM) return state;
      return { ...state, pan: { x: state.pan.x + action.dx, y: state.pan.y + action.dy } };
  }
}
