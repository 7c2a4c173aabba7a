/**
 * Every feature's channel on the app's realtime connections (src/lib/realtime). A feature that takes
 * server events adds its channel file and one line here; features never import each other's channels.
 * A lazy screen's channel is added when the screen loads (`addRealtimeChannel`, app/ConductorRoute.tsx):
 * the middleware attaches it then.
 */
import { alertsChannel } from '../features/alerts';
import { dispatchChannel } from '../features/dispatch';
import { liveMapChannel } from '../features/liveMap';
import type { RealtimeChannel } from '../lib/realtime/channel';

const channels: RealtimeChannel<never>[] = [liveMapChannel, dispatchChannel, alertsChannel];

export const realtimeChannels = (): readonly RealtimeChannel<never>[] => channels;

export function addRealtimeChannel(channel: RealtimeChannel<never>): void {
  if (!channels.includes(channel)) channels.push(channel);
}
