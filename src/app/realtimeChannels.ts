/**
 * Every feature's channel on the desk's one socket (src/lib/realtime). A feature that takes server
 * events adds its channel file and one line here; features never import each other's channels.
 */
import { alertsChannel } from '../features/alerts';
import { dispatchChannel } from '../features/dispatch';
import { liveMapChannel } from '../features/liveMap';

export const realtimeChannels = [liveMapChannel, dispatchChannel, alertsChannel];
