/**
 * The login form's own texts, without zod: the login screen checks that both fields are filled
 * before asking the server (which checks everything else with auth.ts's loginRequestSchema, in these
 * same words), so the first screen loads no schema library (the /login budget, issue 20).
 */
export const LoginMessages = {
  rutRequired: 'Ingresa tu RUT',
  passwordRequired: 'Ingresa tu contraseña',
  /** A RUT typed with its check digit (after a dash, or a K) whose digit is wrong: said before asking the server. */
  rutInvalid: 'RUT inválido',
} as const;
