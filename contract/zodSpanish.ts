/**
 * Every zod parse, on the client and the server, speaks Spanish: zod's own Spanish locale, with
 * the texts a user reads most often said plainly. Imported for its effect by the contract modules.
 */
import { z } from 'zod';

z.config(z.locales.es());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Este campo es obligatorio';
    if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Se esperaba un número entero';
    if (issue.code === 'unrecognized_keys') return `Campo desconocido: ${issue.keys.join(', ')}`;
    return undefined;
  },
});
