/** What the alerts module builds as it registers, handed to its handlers. */
import type { EventsEngine } from './engine/eventsEngine';
import type { Raiser } from './raise';
import type { RulesCache } from './rulesRepo';

export interface AlertsParts {
  engine: EventsEngine;
  rules: RulesCache;
  raiser: Raiser;
}
