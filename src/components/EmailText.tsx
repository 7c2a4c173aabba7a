/**
 * An email address that, when it does not fit, wraps after the @ ("maria.castillo9@" / "gmail.com")
 * rather than in the middle of a word.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
