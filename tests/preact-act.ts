// React's `act` for the client tests, which run on preact/compat (decision 023). Testing Library
// takes it from react-dom/test-utils (tests/client-on-preact.ts points that name here) and wraps
// each render and each user event in it. preact/test-utils has one too, but it holds back every
// render until an async callback settles: a test that advances fake timers inside act would see
// a component that never re-rendered with the server's answer, which the app would have done at
// once. React renders a store's or an event's update at once inside an async act, and so does
// this one; what is left when the callback is done (renders and effects) runs before act returns.
import { options } from 'preact';

// Preact runs effects after the next frame (requestAnimationFrame, or a 35 ms timer), which in a
// browser is just after paint. jsdom paints nothing: its frames are a 16 ms timer that can fire
// after the test file's jsdom is gone. Here effects run in the next task, as React's do outside
// act(): at the first of Node's setImmediate, taken before a test can fake it (React's scheduler
// uses it), and a timer a test may fake and advance. act runs any that are still waiting.
const nextTask = globalThis.setImmediate;
const pendingFrames = new Set<() => void>();
options.requestAnimationFrame = (frame) => {
  pendingFrames.add(frame);
  const run = () => {
    if (pendingFrames.delete(frame)) frame();
  };
  nextTask(run);
  setTimeout(run);
};

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

let depth = 0;

/** Runs `callback`, then every render and effect it left waiting, until none is left. */
export function act<T>(callback: () => T): Promise<Awaited<T>> {
  if (depth > 0) return Promise.resolve(callback());
  depth++;
  const previousDebounce = options.debounceRendering;
  let render: (() => void) | undefined;
  options.debounceRendering = (next) => {
    render = next;
  };
  const finish = () => {
    try {
      while (render || pendingFrames.size > 0) {
        const next = render;
        render = undefined;
        next?.();
        for (const frame of [...pendingFrames]) {
          pendingFrames.delete(frame);
          frame();
        }
      }
    } finally {
      options.debounceRendering = previousDebounce;
      depth--;
    }
  };

  let result: T;
  try {
    result = callback();
  } catch (error) {
    finish();
    throw error;
  }
  finish();
  if (!isThenable(result)) return Promise.resolve(result as Awaited<T>);
  const settle = () => act(() => {});
  return Promise.resolve(result).then(
    async (value): Promise<Awaited<T>> => {
      await settle();
      return value as Awaited<T>;
    },
    async (error: unknown) => {
      await settle();
      throw error;
    },
  );
}
