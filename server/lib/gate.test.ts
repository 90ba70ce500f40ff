import { describe, expect, it } from 'vitest';
import { createGate } from './gate.ts';

describe('createGate', () => {
  it('lets `width` callers in at once, the rest in arrival order as others leave, also after a failure', async () => {
    const gate = createGate(2);
    const order: string[] = [];
    const releases: Record<string, () => void> = {};
    const enter = (name: string, fails = false) =>
      gate.run(async () => {
        order.push(name);
        await new Promise<void>((resolve) => {
          releases[name] = resolve;
        });
        if (fails) throw new Error(`${name} failed`);
        return name;
      });
    const a = enter('a', true);
    const b = enter('b');
    const c = enter('c');
    const d = enter('d');
    await Promise.resolve();
    expect(order).toEqual(['a', 'b']);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    releases.a?.();
    await expect(a).rejects.toThrow('a failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a', 'b', 'c']);
    releases.b?.();
    releases.c?.();
    await expect(Promise.all([b, c])).resolves.toEqual(['b', 'c']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    releases.d?.();
    await expect(d).resolves.toBe('d');
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('refuses a width below 1', () => {
    expect(() => createGate(0)).toThrow();
  });
});
