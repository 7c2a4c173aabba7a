/**
 * The channels a store has attached: each feature's channel gets its handlers once per store, and a
 * channel registered later (a lazy screen) is attached at the next action, listening at once when its
 * role's socket is already open.
 */
import type { ChannelHandlers, ChannelStore, RealtimeChannel } from './channel';
import type { ClientSocket } from './socketFactory';

export interface Attached {
  channel: RealtimeChannel<never>;
  handlers: ChannelHandlers;
}

export const roleOf = (channel: RealtimeChannel<never>) => channel.role ?? 'desk';

/** The socket delivers the channel's server events to its handlers. */
export function listen(socket: ClientSocket, { handlers }: Attached) {
  for (const [event, handle] of Object.entries(handlers.events)) if (handle) socket.on(event, handle);
}

export function createAttachedChannels(channelsNow: () => readonly RealtimeChannel<never>[], store: ChannelStore<never>) {
  const attached: Attached[] = [];
  return {
    all: attached as readonly Attached[],
    ofRole: (role: string) => attached.filter(({ channel }) => roleOf(channel) === role),
    /** Channels registered since the last action get their handlers (and the open socket's events). */
    attachNew(socketOf: (role: string) => ClientSocket | undefined) {
      for (const channel of channelsNow()) {
        if (attached.some((entry) => entry.channel === channel)) continue;
        const entry = { channel, handlers: channel.attach(store) };
        attached.push(entry);
        const socket = socketOf(roleOf(channel));
        if (socket) {
          entry.handlers.onOpen?.();
          listen(socket, entry);
        }
      }
    },
  };
}

export type AttachedChannels = ReturnType<typeof createAttachedChannels>;
