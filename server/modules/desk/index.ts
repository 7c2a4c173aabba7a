/** The desk module's door: what other modules may use (they import nothing else of it). */
export { activityAuthor, recordActivity, recordActivityBy, type ActivityAuthor } from './recordActivity';
export { deleteActivityBatch } from './activityRetention';
