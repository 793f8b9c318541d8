/** A failure told to the user (announced by screen readers), or nothing. */
export function ErrorMessage({ error }: { error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p role="alert" className="error">
      {error}
    </p>
  );
}
