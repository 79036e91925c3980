import { type ComponentProps, useId } from 'react';

/** A labelled input with its problem under it (aria-describedby, aria-invalid), as the storefront's forms. */
export function Field({
  label,
  problem,
  ...input
}: { label: string; problem?: string | undefined } & ComponentProps<'input'>) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        {...input}
      />
      {problem ? (
        <p id={problemId} className="field-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
