/** Moves focus to a form's field by name, so the person lands on what needs fixing. */
export function focusField(form: HTMLFormElement, name: string): void {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
