/** Usuarios (the fleet's desk accounts): what src/app may use of this feature. */
export { UsersPage } from './UsersPage';
