/** The desk's frame (sidebar, top bar, theme switch): what src/app may use of this feature. */
export { DashboardLayout } from './DashboardLayout';
export { ThemeToggle } from './ThemeToggle';
