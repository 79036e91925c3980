/** Field problems as keys of account.json `problem.*`; undefined where the field is fine. */
export type Problems<F extends string> = Partial<Record<F, string | undefined>>;

/** True when any field has a problem; focuses the first such input of the form (in field order). */
export function focusFirstProblem<F extends string>(
  form: HTMLFormElement,
  order: readonly F[],
  problems: Problems<F>,
): boolean {
  const first = order.find((field) => problems[field]);
  if (!first) return false;
  const input = form.elements.namedItem(first);
  if (input instanceof HTMLInputElement) input.focus();
  return true;
}
