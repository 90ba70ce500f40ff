import { ChevronLeft, ChevronRight, RotateCcw, X, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog as DialogPrimitive, VisuallyHidden } from 'radix-ui';
import { useReducer, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import {
  DEFAULT_ZOOM,
  distance,
  initialLightboxState,
  lightboxReducer,
  pinchZoom,
  swipeDirection,
  type LightboxAction,
  type LightboxState,
  type Point,
} from '#client/components/ui/lightbox-zoom.ts';
import { cn } from '#client/lib/cn.ts';
import { LIGHTBOX } from '#shared/constants/ui.ts';

import type { LightboxImage, LightboxProps } from './lightbox.tsx';

/**
 * A full-screen image viewer: previous/next, zoom (0.1 to 5, ×1.2 a step), pan when zoomed in,
 * swipe and pinch on touch screens, and the keys Escape, ←, →, + or =, - and 0. Lightbox
 * (lightbox.tsx) loads it when it first opens.
 */
export function LightboxPanel({ images, startIndex = 0, open, onOpenChange }: LightboxProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        {/* Mounted only while open, so every opening starts from startIndex at zoom 1. */}
        {images.length > 0 ? <LightboxViewer images={images} startIndex={startIndex} /> : null}
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

type Gesture =
  | { kind: 'pan'; last: Point }
  | { kind: 'swipe'; start: Point }
  | { kind: 'pinch'; startDistance: number; startZoom: number };

// The viewer is always dark, whatever the theme: photos read best on black.
const toolButtonClassName =
  'text-white hover:bg-white/15 hover:text-white focus-visible:ring-white focus-visible:ring-offset-black';

function LightboxViewer({ images, startIndex }: { images: readonly LightboxImage[]; startIndex: number }) {
  const count = images.length;
  const [state, dispatch] = useReducer(
    (current: LightboxState, action: LightboxAction) => lightboxReducer(current, action, count),
    undefined,
    () => initialLightboxState(startIndex, count),
  );
  const [isDragging, setIsDragging] = useState(false);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const { index, zoom, pan } = state;
  const image = images[index] ?? images[0];
  if (!image) return null;
  const hasSeveral = count > 1;
  const isZoomedIn = zoom > DEFAULT_ZOOM;

  function handleKeyDown(event: KeyboardEvent) {
    // Leave browser and system shortcuts (Ctrl+-, Cmd+0, …) alone.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const actions: Record<string, LightboxAction> = {
      ArrowLeft: { type: 'previous' },
      ArrowRight: { type: 'next' },
      '+': { type: 'zoomIn' },
      '=': { type: 'zoomIn' },
      '-': { type: 'zoomOut' },
      '0': { type: 'reset' },
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    dispatch(action);
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // Keep receiving moves when the pointer leaves the stage mid-drag.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [first, second] = [...pointers.current.values()];
    if (first && second) {
      gesture.current = { kind: 'pinch', startDistance: distance(first, second), startZoom: zoom };
    } else if (isZoomedIn) {
      gesture.current = { kind: 'pan', last: point };
      setIsDragging(true);
    } else if (event.pointerType !== 'mouse') {
      // The spec's swipe is a touch gesture; at zoom 1 a mouse drag does nothing.
      gesture.current = { kind: 'swipe', start: point };
    }
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    if (current?.kind === 'pinch') {
      const [first, second] = [...pointers.current.values()];
      if (first && second) {
        dispatch({
          type: 'setZoom',
          zoom: pinchZoom(current.startZoom, current.startDistance, distance(first, second)),
        });
      }
    } else if (current?.kind === 'pan') {
      dispatch({ type: 'panBy', dx: point.x - current.last.x, dy: point.y - current.last.y });
      current.last = point;
    }
  }

  function handlePointerEnd(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (current?.kind === 'swipe' && event.type === 'pointerup') {
      const direction = swipeDirection(current.start, { x: event.clientX, y: event.clientY });
      if (direction) dispatch({ type: direction });
    }
    // After a pinch the remaining finger goes on panning from where it is, without a jump.
    const [remaining] = [...pointers.current.values()];
    gesture.current =
      current?.kind === 'pinch' && remaining && zoom > DEFAULT_ZOOM ? { kind: 'pan', last: remaining } : null;
    setIsDragging(gesture.current?.kind === 'pan');
  }

  return (
    <>
      {/* Opaque: with any transparency the page's text shows through around the photo and the toolbar. */}
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black" />
      <DialogPrimitive.Content
        data-slot="lightbox"
        aria-describedby={undefined}
        className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        onKeyDown={handleKeyDown}
        onOpenAutoFocus={(event) => {
          // Start on Close rather than on the first zoom button, so Enter never changes the zoom by surprise.
          event.preventDefault();
          closeRef.current?.focus();
        }}
      >
        <VisuallyHidden.Root asChild>
          <DialogPrimitive.Title>Image viewer</DialogPrimitive.Title>
        </VisuallyHidden.Root>

        <div className="flex items-center gap-1 p-2 sm:p-3">
          <p aria-live="polite" aria-atomic="true" className="px-2 text-sm font-medium tabular-nums">
            {index + 1} / {count}
          </p>
          <div className="ml-auto flex items-center gap-1">
            <span className="w-12 text-right text-xs text-white/70 tabular-nums">{Math.round(zoom * 100)}%</span>
            <ToolButton
              label="Zoom out"
              onClick={() => dispatch({ type: 'zoomOut' })}
              isAtLimit={zoom <= LIGHTBOX.minZoom}
            >
              <ZoomOut />
            </ToolButton>
            <ToolButton
              label="Zoom in"
              onClick={() => dispatch({ type: 'zoomIn' })}
              isAtLimit={zoom >= LIGHTBOX.maxZoom}
            >
              <ZoomIn />
            </ToolButton>
            <ToolButton
              label="Reset zoom"
              onClick={() => dispatch({ type: 'reset' })}
              isAtLimit={zoom === DEFAULT_ZOOM && pan.x === 0 && pan.y === 0}
            >
              <RotateCcw />
            </ToolButton>
            <DialogPrimitive.Close asChild>
              <Button ref={closeRef} variant="ghost" size="icon" aria-label="Close" className={toolButtonClassName}>
                <X />
              </Button>
            </DialogPrimitive.Close>
          </div>
        </div>

        <div
          data-slot="lightbox-stage"
          className={cn(
            'relative min-h-0 flex-1 touch-none overflow-hidden select-none',
            isZoomedIn && (isDragging ? 'cursor-grabbing' : 'cursor-grab'),
          )}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerEnd}
          onPointerCancel={handlePointerEnd}
        >
          <div className="absolute inset-0 flex items-center justify-center p-2 sm:px-16">
            <img
              key={image.src}
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              draggable={false}
              className={cn(
                'max-h-full max-w-full object-contain will-change-transform',
                // Follow the finger exactly while dragging; ease the button and key steps.
                !isDragging && 'motion-safe:transition-transform motion-safe:duration-150',
              )}
              style={{ transform: `translate(${String(pan.x)}px, ${String(pan.y)}px) scale(${String(zoom)})` }}
            />
          </div>
          {hasSeveral ? (
            <>
              <NavButton label="Previous image" className="left-2" onClick={() => dispatch({ type: 'previous' })}>
                <ChevronLeft />
              </NavButton>
              <NavButton label="Next image" className="right-2" onClick={() => dispatch({ type: 'next' })}>
                <ChevronRight />
              </NavButton>
            </>
          ) : null}
        </div>

        <p className="truncate px-4 py-3 text-center text-sm text-white/80">{image.alt}</p>
      </DialogPrimitive.Content>
    </>
  );
}

function ToolButton({
  label,
  onClick,
  isAtLimit,
  children,
}: {
  label: string;
  onClick: () => void;
  isAtLimit: boolean;
  children: ReactNode;
}) {
  // aria-disabled, not disabled: a disabled button would drop the keyboard focus when it hits the limit.
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-disabled={isAtLimit || undefined}
      className={cn(toolButtonClassName, 'aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed')}
      onClick={isAtLimit ? undefined : onClick}
    >
      {children}
    </Button>
  );
}

function NavButton({
  label,
  className,
  onClick,
  children,
}: {
  label: string;
  className: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      // Pointer events on the button must not start a swipe or pan on the stage below.
      onPointerDown={(event) => event.stopPropagation()}
      className={cn(
        'absolute top-1/2 size-11 -translate-y-1/2 rounded-full bg-black/40',
        toolButtonClassName,
        className,
      )}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
