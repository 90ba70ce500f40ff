/**
 * The hint and the error under a form field's control, each with the id its `aria-describedby`
 * names; nothing for what is not given.
 */
export function FieldTexts({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string;
  hint?: string | undefined;
  errorId: string;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
