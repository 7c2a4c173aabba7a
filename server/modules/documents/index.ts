/** The documents module's door (issue 34): what dispatch and alerts may use. */
export { createDocumentRules, type DocumentRules } from './documentRules';
export { blockReasons, currentExpiries, type DocumentBlocks } from './expiries';
export { readDocumentSettings } from './settingsRepo';
