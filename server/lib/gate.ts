/**
 * At most `width` callers inside at once; the others wait, first come first served, holding
 * nothing. `app.transaction` runs behind one so that write transactions (which, in a busy group,
 * queue on the same rows) never hold every pooled connection: reads always find one.
 */
export interface Gate {
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Callers inside now, and callers waiting (for tests and diagnostics). */
  readonly active: number;
  readonly waiting: number;
}

export function createGate(width: number): Gate {
  if (!Number.isInteger(width) || width < 1) throw new Error(`a gate needs a width of at least 1, not ${width}`);
  let active = 0;
  const queue: (() => void)[] = [];
  const leave = () => {
    const next = queue.shift();
    // the slot passes straight to the next caller, so none can overtake the queue
    if (next) next();
    else active -= 1;
  };
  return {
    async run(fn) {
      if (active < width) active += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await fn();
      } finally {
        leave();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
