import {
  cloneElement,
  createElement,
  isValidElement,
  useEffect,
  useReducer,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

/** A component whose code is fetched on first use, so it stays out of a page's first load. */
export type LazyComponent<P extends object> = {
  /** Starts fetching the code (once); resolves to the component. */
  preload: () => Promise<ComponentType<P>>;
  /**
   * Whether the code has arrived. While `wanted` is true it fetches the code and renders again
   * when it arrives.
   */
  useLoaded: (wanted: boolean) => boolean;
  /** Whether the code has arrived, read outside rendering (in an event handler). */
  isLoaded: () => boolean;
  /** The component; renders nothing until its code has arrived (check useLoaded first). */
  Component: ComponentType<P>;
};

/**
 * Wraps `load` (a dynamic import) for code that waits for a person's action: a dialog, a
 * lightbox, a hover card. Unlike React.lazy it renders synchronously once the code is there,
 * so a component preloaded on hover opens in the same frame as the click.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let component: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;

  function preload(): Promise<ComponentType<P>> {
    loading ??= load().then(
      (loaded) => (component = loaded),
      (error: unknown) => {
        // A failed fetch (a lost connection) may be retried by the next action.
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  function useLoaded(wanted: boolean): boolean {
    const [, rerender] = useReducer((count: number) => count + 1, 0);
    useEffect(() => {
      if (!wanted || component) return;
      let isCurrent = true;
      preload().then(
        () => {
          if (isCurrent) rerender();
        },
        (error: unknown) => {
          console.warn('Could not load part of the page', error);
        },
      );
      return () => {
        isCurrent = false;
      };
    }, [wanted]);
    return component !== null;
  }

  function Component(props: P) {
    return component ? createElement(component, props) : null;
  }

  return { preload, useLoaded, isLoaded: () => component !== null, Component };
}

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * The element that opens a lazy dialog, as it reads before the dialog's code is there: it
 * announces a closed dialog as Radix's trigger does, fetches the code as soon as the pointer or
 * focus reaches it, and calls `onOpen` when pressed.
 */
export function lazyDialogTrigger(trigger: ReactNode, preload: () => Promise<unknown>, onOpen: () => void): ReactNode {
  if (!isValidElement<TriggerProps>(trigger)) return trigger;
  const own = trigger.props;
  const warm = () => {
    preload().catch(() => {
      // Retried when the person presses the trigger.
    });
  };
  return cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      warm();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      warm();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) onOpen();
    },
  } as TriggerProps);
}
