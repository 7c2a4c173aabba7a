/** Names, models and colours for the demo fleet of "Taxis La Ligua". */
export const FIRST_NAMES = [
  'Juan', 'Pedro', 'Luis', 'Jorge', 'Carlos', 'Manuel', 'Francisco', 'José', 'Cristián', 'Patricio',
  'Rodrigo', 'Claudio', 'Héctor', 'Sergio', 'Víctor', 'Marcelo', 'Ricardo', 'Gonzalo', 'Mauricio', 'Felipe',
  'María', 'Paola', 'Ximena', 'Daniela', 'Andrea',
] as const;

export const LAST_NAMES = [
  'González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda',
  'Morales', 'Rodríguez', 'López', 'Fuentes', 'Hernández', 'Torres', 'Araya', 'Flores', 'Espinoza', 'Valenzuela',
  'Castillo', 'Tapia', 'Reyes', 'Gutiérrez', 'Castro', 'Pizarro', 'Álvarez', 'Vásquez', 'Sánchez', 'Fernández',
] as const;

export const MODELS = [
  'Toyota Corolla', 'Toyota Yaris', 'Hyundai Accent', 'Hyundai Elantra', 'Chevrolet Sail', 'Chevrolet Onix',
  'Nissan Versa', 'Nissan Sentra', 'Kia Rio', 'Kia Cerato', 'Peugeot 301', 'Suzuki Swift', 'MG 5',
] as const;

export const COLORS = ['Negro', 'Negro', 'Negro', 'Gris', 'Blanco', 'Plata', 'Azul', 'Rojo'] as const;

/** Letters allowed in the current plate format (no vowels, nor M, N, Ñ, Q). */
export const PLATE_LETTERS = 'BCDFGHJKLPRSTVWXYZ';

/** The company's base in La Ligua, Valparaíso region. */
export const LA_LIGUA = { latitude: -32.4519, longitude: -71.2264 } as const;
