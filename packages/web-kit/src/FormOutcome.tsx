interface FormOutcomeProps {
  /** The server's refusal of the whole form (react-hook-form's `errors.root.server.message`). */
  error?: string | null | undefined;
  /** What to say once the form went through; nothing while it has not. */
  success?: string | null | undefined;
  /** Extra classes on each message (spacing). */
  className?: string | undefined;
}

/** Under a form: the server's refusal, read out at once, and the success notice. */
export function FormOutcome({ error, success, className }: FormOutcomeProps) {
  const extra = className ? ` ${className}` : '';
  return (
    <>
      {error && (
        <div className={`alert alert-danger${extra}`} role="alert">
          {error}
        </div>
      )}
      {success && (
        <div className={`alert alert-success${extra}`} role="status">
          {success}
        </div>
      )}
    </>
  );
}
