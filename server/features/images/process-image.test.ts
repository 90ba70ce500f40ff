import { describe, expect, it } from 'vitest';
import { planRenditions } from './process-image.ts';

const names = (plan: { name: string }[]) => plan.map((item) => item.name);

describe('planRenditions', () => {
  it('gives avatars every square up to the short side, never upscaled', () => {
    expect(names(planRenditions('avatar', 4000, 3000))).toEqual([
      's16',
      's32',
      's48',
      's64',
      's96',
      's128',
      's256',
      's384',
    ]);
    expect(names(planRenditions('avatar', 200, 100))).toEqual(['s16', 's32', 's48', 's64', 's96']);
    expect(names(planRenditions('avatar', 96, 5000))).toEqual(['s16', 's32', 's48', 's64', 's96']);
    expect(planRenditions('avatar', 300, 300).every((item) => item.width === item.height)).toBe(true);
  });

  it('enlarges a picture smaller than 16 px to s16 only', () => {
    expect(planRenditions('avatar', 8, 10)).toEqual([{ name: 's16', width: 16, height: 16 }]);
  });

  it('gives group and post images the widths up to their own, keeping the aspect ratio', () => {
    expect(planRenditions('post', 4000, 3000)).toEqual([
      { name: 'w640', width: 640, height: 480 },
      { name: 'w750', width: 750, height: 563 },
      { name: 'w828', width: 828, height: 621 },
      { name: 'w1080', width: 1080, height: 810 },
      { name: 'w1200', width: 1200, height: 900 },
      { name: 'w1920', width: 1920, height: 1440 },
      { name: 'w2048', width: 2048, height: 1536 },
      { name: 'w3840', width: 3840, height: 2880 },
    ]);
    expect(names(planRenditions('group', 1199, 800))).toEqual(['w640', 'w750', 'w828', 'w1080']);
    expect(names(planRenditions('group', 1200, 800))).toEqual(['w640', 'w750', 'w828', 'w1080', 'w1200']);
  });

  it('keeps an image narrower than 640 at its own width, and a sliver at least 1 px high', () => {
    expect(planRenditions('post', 500, 2000)).toEqual([{ name: 'w500', width: 500, height: 2000 }]);
    expect(planRenditions('post', 1, 1)).toEqual([{ name: 'w1', width: 1, height: 1 }]);
    expect(planRenditions('post', 7000, 1).at(-1)).toEqual({ name: 'w3840', width: 3840, height: 1 });
  });
});
