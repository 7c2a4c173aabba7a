/** What a map says, over its grey field, when its base map did not load (see baseMapWatch.ts). */
import { BASE_MAP_FAILED_TEXT, BASE_MAP_FAILED_TITLE } from './baseMapWatch';
import './baseMapNotice.css';

export function BaseMapNotice() {
  return (
    <div className="flota-base-map-notice" role="status">
      <strong>{BASE_MAP_FAILED_TITLE}</strong> <span>{BASE_MAP_FAILED_TEXT}</span>
    </div>
  );
}
