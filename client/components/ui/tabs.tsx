import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';

import { cn } from '#client/lib/cn.ts';
import { TAB_SCROLL_STEP_PX } from '#shared/constants/ui.ts';

/** Where the tab row should scroll to after one step, kept inside its scroll range. */
export function nextScrollLeft(current: number, direction: -1 | 1, maxScroll: number, step = TAB_SCROLL_STEP_PX) {
  return Math.min(Math.max(current + direction * step, 0), Math.max(maxScroll, 0));
}

/** Tabs: arrows move between triggers (Radix), Home/End jump to the ends. */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('flex flex-col gap-3', className)} {...props} />;
}

/**
 * The row of triggers. When it is wider than its box, scroll buttons appear at the side that
 * has more tabs, each moving the row by 200 px.
 */
export function TabsList({ className, children, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    setOverflow({ left: element.scrollLeft > 1, right: element.scrollLeft < max - 1 });
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);

  const scrollBy = (direction: -1 | 1) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({
      left: nextScrollLeft(element.scrollLeft, direction, element.scrollWidth - element.clientWidth),
      behavior: 'smooth',
    });
  };

  const scrollButton =
    'absolute top-0 bottom-0 z-10 flex w-8 items-center justify-center bg-background/90 text-muted-foreground hover:text-foreground';
  return (
    <div className="relative border-b">
      {overflow.left ? (
        // Keyboard users move with the arrow keys; these buttons are for pointers, so out of the tab order.
        <button
          type="button"
          tabIndex={-1}
          aria-label="Scroll tabs left"
          className={cn(scrollButton, 'left-0')}
          onClick={() => scrollBy(-1)}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
      ) : null}
      <div ref={scroller} className="overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        <TabsPrimitive.List className={cn('flex w-max min-w-full gap-1 px-1', className)} {...props}>
          {children}
        </TabsPrimitive.List>
      </div>
      {overflow.right ? (
        <button
          type="button"
          tabIndex={-1}
          aria-label="Scroll tabs right"
          className={cn(scrollButton, 'right-0')}
          onClick={() => scrollBy(1)}
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}

/** One tab. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px inline-flex h-10 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
        'hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-foreground',
        'focus-visible:rounded-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        'disabled:pointer-events-none disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

/** The panel of one tab. */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('outline-none', className)} {...props} />;
}
