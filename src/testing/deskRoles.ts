/**
 * Who sits at the desk: the stored session restores as the demo owner (renderApp), and the server's
 * GET /auth/me says who it really is, so a test signs in as the Operador or the Administrador here.
 */
import { http, HttpResponse } from 'msw';
import type { DeskRole, User } from '../../contract/entities';
import { API } from './apiEdge';
import { demoUser } from './fixtures';
import { server } from './mswServer';

const people: Record<DeskRole, User> = {
  dueño: demoUser,
  administrador: { ...demoUser, id: 2, rut: '55555559', first_name: 'Javier', last_name: 'Rojas', email: 'javier@example.cl', role: 'administrador' },
  operador: { ...demoUser, id: 3, rut: '66666662', first_name: 'Daniela', last_name: 'Pérez', email: 'daniela@example.cl', role: 'operador' },
};

/** The desk user the server answers for the session from now on (the demo's three accounts). */
export function deskUser(role: DeskRole): User {
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ user: people[role] })));
  return people[role];
}
