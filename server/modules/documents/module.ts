/**
 * Vencimientos (issue 34): documents of vehicles and drivers, their files, what expires, the fleet's
 * settings, the driver's own list; services.documents tells dispatch which taxis to keep out and
 * alerts' reminders what expires.
 */
import type { FlotaModule } from '../flotaModule';
import { createDocumentRules, type DocumentRules } from './documentRules';
import { documentsRoutes } from './documentsRoutes';
import { driverDocumentsRoutes } from './driverDocumentsRoutes';
import { openApiTags } from './routeSpecs';

export const documentsModule: FlotaModule = {
  name: 'documents',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, config, db, clock, authenticateDriver }) {
    const rules: DocumentRules = createDocumentRules(db, clock, config.tzFleet);
    await app.register(documentsRoutes, { prefix, db, rules });
    await app.register(driverDocumentsRoutes, { prefix, db, authenticateDriver, rules });
  },
};
