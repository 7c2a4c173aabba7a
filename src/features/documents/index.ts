/** Vencimientos and each card's documents: what src/app may use of this feature. */
export { DocumentsSlot } from './DocumentsSlot';
export { attentionExpiries, ExpiriesAttention } from './ExpiriesAttention';
export { VencimientosPage } from './VencimientosPage';
export { useGetExpiriesQuery } from './documentsApi';
export { DocumentSettingsForm } from './DocumentSettingsForm';
