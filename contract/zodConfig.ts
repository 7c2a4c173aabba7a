/**
 * zod's settings for every parse, on the client and the server, imported for its effect by the
 * contract modules. Spanish: zod's own Spanish locale, with the texts a user reads most often said
 * plainly. jitless: zod otherwise probes `new Function` once, which the CSP (no 'unsafe-eval')
 * reports as a violation in the browser.
 */
import { z } from 'zod';

z.config({ ...z.locales.es(), jitless: true });
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Este campo es obligatorio';
    if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Se esperaba un número entero';
    if (issue.code === 'unrecognized_keys') return `Campo desconocido: ${issue.keys.join(', ')}`;
    return undefined;
  },
});
