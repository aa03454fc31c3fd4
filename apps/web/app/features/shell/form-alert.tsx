/** A form's message that belongs to no field (401, 429, 5xx, network), read out as an alert. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="auth-alert" role="alert">
      {message}
    </p>
  );
}
