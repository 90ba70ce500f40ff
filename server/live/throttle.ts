/**
 * Calls `fire(key)` at most once per `intervalMs` for each key: the first hit fires at once
 * (nobody waits for a lone change), hits within the interval are folded into one more call at
 * its end. Used to coalesce bursts of events such as presence changes.
 */
export class KeyedThrottle {
  readonly #intervalMs: number;
  readonly #fire: (key: string) => void;
  readonly #windows = new Map<string, { timer: NodeJS.Timeout; isPending: boolean }>();

  constructor(intervalMs: number, fire: (key: string) => void) {
    this.#intervalMs = intervalMs;
    this.#fire = fire;
  }

  hit(key: string): void {
    const window = this.#windows.get(key);
    if (window) {
      window.isPending = true;
      return;
    }
    this.#fire(key);
    this.#open(key);
  }

  /** Forgets every pending call (shutting down). */
  clear(): void {
    for (const window of this.#windows.values()) clearTimeout(window.timer);
    this.#windows.clear();
  }

  #open(key: string): void {
    const timer = setTimeout(() => {
      const window = this.#windows.get(key);
      this.#windows.delete(key);
      if (!window?.isPending) return;
      this.#fire(key);
      this.#open(key);
    }, this.#intervalMs);
    // a pending trailing call must not keep a process alive that is otherwise done
    timer.unref();
    this.#windows.set(key, { timer, isPending: false });
  }
}
