/**
 * Every domain module the server mounts, in order: a new module (dispatch, reports, …) adds one
 * line here. Each module's module.ts registers its routes; each route declares its access rule and
 * OpenAPI description in the module's routeSpecs.ts. Modules use each other only through index.ts.
 */
import { accountsModule } from './accounts/module';
import { alertsModule } from './alerts/module';
import { deskModule } from './desk/module';
import { dispatchModule } from './dispatch/module';
import { documentsModule } from './documents/module';
import { driversModule } from './drivers/module';
import type { FlotaModule } from './flotaModule';
import { identityModule } from './identity/module';
import { maintenanceModule } from './maintenance/module';
import { notificationsModule } from './notifications/module';
import { positionsModule } from './positions/module';
import { reportsModule } from './reports/module';
import { shiftsModule } from './shifts/module';
import { trackingModule } from './tracking/module';
import { vehiclesModule } from './vehicles/module';

export type { FlotaModule, ModuleContext, ModuleServices } from './flotaModule';

export const modules: readonly FlotaModule[] = [identityModule, driversModule, vehiclesModule, documentsModule, shiftsModule, positionsModule, reportsModule, deskModule, dispatchModule, trackingModule, alertsModule, maintenanceModule, notificationsModule, accountsModule];

/** The mounted modules' settings sections: the entry reads them from the environment with the platform's (platform/config.ts). */
export const settingsSections = modules.flatMap((module) => (module.settings ? [module.settings] : []));
