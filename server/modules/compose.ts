/**
 * The one composition root's work (app.ts calls it): every module's services built in the written
 * order from what each declares (`needs`, `provides`), every module registered in that order, then
 * every declared handler subscribed to the domain events with what its module's register answered.
 * It names no module. A module is handed only the services it declared it needs, and its own.
 */
import type { FastifyInstance } from 'fastify';
import type { BuildContext, Callers, FlotaModule, ModuleContext, ModuleServices, PlatformContext, ServiceName, SideListener } from './flotaModule';

export interface Composed {
  callers: Callers;
  /** Registers every module, then subscribes their handlers. */
  register(app: FastifyInstance): Promise<void>;
  sideListeners: SideListener[];
  /** The services' close work, newest first (after socket.io and the HTTP server closed). */
  close(): Promise<void>;
}

type Platform = Omit<PlatformContext, 'whenClosing' | 'sideListener'>;

export async function composeModules(mounted: readonly FlotaModule[], platform: Platform): Promise<Composed> {
  const closers: (() => Promise<void>)[] = [];
  const sideListeners: SideListener[] = [];
  const base: PlatformContext = { ...platform, whenClosing: (work) => closers.push(work), sideListener: (listener) => sideListeners.push(listener) };
  const built = new Map<ServiceName, { by: string; service: unknown }>();
  const close = async () => {
    for (const work of closers.reverse().splice(0)) await work();
  };

  /** The services this module declared it needs, and its own. */
  const servicesOf = (module: FlotaModule): ModuleServices => {
    const names = [...(module.needs ?? []), ...(Object.keys(module.provides ?? {}) as ServiceName[])];
    return Object.fromEntries(names.filter((name) => built.has(name)).map((name) => [name, built.get(name)?.service])) as unknown as ModuleServices;
  };

  try {
    for (const module of mounted) {
      for (const need of module.needs ?? []) {
        if (!built.has(need)) throw new Error(`El módulo ${module.name} necesita el servicio '${need}', que ningún módulo anterior ofrece (server/modules/order.cjs)`);
      }
      for (const [name, build] of Object.entries(module.provides ?? {}) as [ServiceName, (context: BuildContext) => unknown][]) {
        const other = built.get(name);
        if (other) throw new Error(`El servicio '${name}' lo ofrecen dos módulos: ${other.by} y ${module.name}`);
        const service = await build({ ...base, services: servicesOf(module) });
        if (service === undefined || service === null) throw new Error(`El módulo ${module.name} no construyó el servicio '${name}'`);
        built.set(name, { by: module.name, service });
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  const callers = built.get('callers')?.service as Callers | undefined;
  if (!callers) {
    await close();
    throw new Error("Ningún módulo ofrece 'callers' (quién llama: identity)");
  }

  return {
    callers,
    sideListeners,
    close,
    async register(app) {
      const registered: { module: FlotaModule; context: ModuleContext; parts: unknown }[] = [];
      for (const module of mounted) {
        const context: ModuleContext = { ...base, services: servicesOf(module), authenticateDriver: callers.authenticateDriver };
        registered.push({ module, context, parts: await module.register(app, context) });
      }
      for (const { module, context, parts } of registered) {
        for (const declared of module.handlers ?? []) {
          if (declared.when === 'inside') platform.events.onInside(declared.event, declared.make(context, parts) as never);
          else platform.events.onAfter(declared.event, declared.make(context, parts) as never);
        }
      }
    },
  };
}
