/**
 * Every domain module the server mounts, in the one written order (order.cjs): a new module is its
 * folder and its name there, nothing here. Each folder's module.ts exports one FlotaModule of that
 * name; the app builds their services in this order, then registers them in it.
 * Modules use each other only through index.ts.
 */
import type { FlotaModule } from './flotaModule';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the order is CommonJS, shared with .eslintrc.cjs
const { moduleOrder } = require('./order.cjs') as { moduleOrder: string[] };

export type { Callers, FlotaModule, ModuleContext, ModuleServices, SideListener } from './flotaModule';
export { composeModules, type Composed } from './compose';

/** The FlotaModule a module.ts exports, by the name order.cjs gives it. */
function moduleNamed(name: string): FlotaModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- by name, from the one list
  const exported = Object.values(require(`./${name}/module`) as Record<string, unknown>);
  const found = exported.find((value): value is FlotaModule => typeof value === 'object' && value !== null && (value as FlotaModule).name === name);
  if (!found) throw new Error(`server/modules/${name}/module.ts no exporta un módulo llamado '${name}'`);
  return found;
}

export const modules: readonly FlotaModule[] = moduleOrder.map(moduleNamed);

/** The mounted modules' settings sections: the entry reads them from the environment with the platform's (platform/config.ts). */
export const settingsSections = modules.flatMap((module) => (module.settings ? [module.settings] : []));
