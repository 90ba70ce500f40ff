import { Tooltip as TooltipPrimitive } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
} from 'react';

import { cn } from '#client/lib/cn.ts';
import { TOOLTIP_DELAYS } from '#shared/constants/ui.ts';

/** Hooks the trigger and content use to steer the delayed close of their tooltip. */
type CloseControl = {
  /** Keeps the tooltip open: the pointer came back before the close delay ran out. */
  cancelClose: () => void;
  /** The next close request is immediate (a click, Escape), not delayed. */
  closeImmediatelyNext: () => void;
};

const CloseControlContext = createContext<CloseControl | null>(null);

/** Props of Tooltip: radix's root props plus the close delay. */
export type TooltipProps = ComponentProps<typeof TooltipPrimitive.Root> & {
  /** How long the tooltip lingers after the pointer leaves, in ms (default TOOLTIP_DELAYS.closeMs, 100). */
  closeDelay?: number;
};

/**
 * A tooltip with the spec's delays: it opens 300 ms after the pointer rests on the trigger (at once
 * on keyboard focus) and lingers 100 ms after it leaves (TOOLTIP_DELAYS). Radix has no close delay,
 * so the open state is held here and a close is deferred, except after a click or Escape, which
 * should feel immediate. Carries its own provider, so no app-wide one is needed.
 */
export function Tooltip({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  delayDuration = TOOLTIP_DELAYS.openMs,
  closeDelay = TOOLTIP_DELAYS.closeMs,
  children,
  ...props
}: TooltipProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const isControlled = openProp !== undefined;
  const isOpen = isControlled ? openProp : uncontrolledOpen;
  const closeTimerRef = useRef<number | undefined>(undefined);
  const isNextCloseImmediateRef = useRef(false);

  const cancelClose = useCallback(() => {
    window.clearTimeout(closeTimerRef.current);
    closeTimerRef.current = undefined;
  }, []);

  const commit = useCallback(
    (next: boolean) => {
      if (!isControlled) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [isControlled, onOpenChange],
  );

  const handleOpenChange = useCallback(
    (next: boolean) => {
      cancelClose();
      const isImmediate = isNextCloseImmediateRef.current;
      isNextCloseImmediateRef.current = false;
      if (next || isImmediate || closeDelay <= 0) {
        commit(next);
        return;
      }
      closeTimerRef.current = window.setTimeout(() => {
        closeTimerRef.current = undefined;
        commit(false);
      }, closeDelay);
    },
    [cancelClose, closeDelay, commit],
  );

  useEffect(() => cancelClose, [cancelClose]);

  const control = useMemo<CloseControl>(
    () => ({
      cancelClose,
      closeImmediatelyNext: () => {
        isNextCloseImmediateRef.current = true;
      },
    }),
    [cancelClose],
  );

  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root open={isOpen} onOpenChange={handleOpenChange} delayDuration={delayDuration} {...props}>
        <CloseControlContext value={control}>{children}</CloseControlContext>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}

/** The element the tooltip describes; use `asChild` to keep your own button. */
export function TooltipTrigger({
  onPointerMove,
  onPointerDown,
  onFocus,
  onClick,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Trigger>) {
  const control = useContext(CloseControlContext);
  return (
    <TooltipPrimitive.Trigger
      data-slot="tooltip-trigger"
      onPointerMove={(event) => {
        control?.cancelClose();
        onPointerMove?.(event);
      }}
      onFocus={(event) => {
        control?.cancelClose();
        onFocus?.(event);
      }}
      onPointerDown={(event) => {
        control?.closeImmediatelyNext();
        onPointerDown?.(event);
      }}
      onClick={(event) => {
        control?.closeImmediatelyNext();
        onClick?.(event);
      }}
      {...props}
    />
  );
}

/** The tooltip bubble, in a portal; it describes the trigger (aria-describedby). */
export function TooltipContent({
  className,
  sideOffset = 4,
  onPointerMove,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  const control = useContext(CloseControlContext);
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        onPointerMove={(event) => {
          control?.cancelClose();
          onPointerMove?.(event);
        }}
        onEscapeKeyDown={(event) => {
          control?.closeImmediatelyNext();
          onEscapeKeyDown?.(event);
        }}
        className={cn(
          'z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background shadow-md',
          'motion-safe:transition-opacity motion-safe:duration-100 motion-safe:starting:opacity-0',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
