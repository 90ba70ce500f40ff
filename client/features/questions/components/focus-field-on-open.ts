import { useLayoutEffect, type RefObject } from 'react';

/**
 * Moves focus into the text field inside `container` when it first draws, with the caret after
 * its text (an edit goes on where the text ends). A field's `autoFocus` is not enough here: the
 * client runs on Preact (decision 023), which only writes the `autofocus` attribute, and a
 * browser honours that attribute once per page, never after the person has focused something,
 * so a composer opened from a card (by a click or the host's `a`) would leave focus behind.
 */
export function useFocusFieldOnOpen(container: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const field = container.current?.querySelector<HTMLTextAreaElement>('textarea');
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [container]);
}
