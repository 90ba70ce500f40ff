import { afterEach, describe, expect, it } from 'vitest';

import { focusFirstConnected, focusTargetsAround, rescueFocusFrom } from './focus-rescue.ts';

function page(html: string) {
  document.body.innerHTML = `<main><h1>Keyboard Walk</h1>${html}</main>`;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus rescue', () => {
  it('sends focus to the next item of the list when an item and its button are gone', () => {
    page(`<section aria-labelledby="c"><h2 id="c">Comments</h2><ul>
      <li id="one"><button>Delete one</button></li>
      <li><button>Like two</button><button>Delete two</button></li>
    </ul></section>`);
    const button = document.querySelector('#one button')!;
    const targets = focusTargetsAround(button);
    document.getElementById('one')!.remove();

    expect(focusFirstConnected(targets)).toBe(true);
    expect(document.activeElement).toHaveTextContent('Like two');
  });

  it("falls back to the previous item, then to the list's heading, which takes focus without a tab stop", () => {
    page(
      `<section aria-labelledby="c"><h2 id="c">Comments</h2><ul><li id="only"><button>Delete</button></li></ul></section>`,
    );
    const targets = focusTargetsAround(document.querySelector('#only button'));
    document.getElementById('only')!.remove();

    focusFirstConnected(targets);
    expect(document.activeElement).toHaveTextContent('Comments');
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });

  it('waits for the control to leave the page before moving focus, and leaves focus the person moved', async () => {
    page(
      `<ul><li id="a"><button>Delete a</button></li><li><button>Open b</button></li></ul><input aria-label="elsewhere">`,
    );
    const button = document.querySelector<HTMLButtonElement>('#a button')!;
    const targets = focusTargetsAround(button);
    rescueFocusFrom(button, targets);
    button.focus();
    button.blur();
    document.getElementById('a')!.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toHaveTextContent('Open b');

    const other = document.querySelector<HTMLButtonElement>('button')!;
    rescueFocusFrom(other, focusTargetsAround(other));
    document.querySelector<HTMLInputElement>('input')!.focus();
    other.closest('li')!.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.querySelector('input'));
  });
});
