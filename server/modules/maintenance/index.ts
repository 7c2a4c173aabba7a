/** The maintenance module's door (issue 34, item 7): mounted by the app; nothing above it uses it yet. */
export { maintenanceModule } from './module';
