/**
 * What the benches' CPU profiles share (cdpProfile.ts for a page, serverProfile.ts for this
 * process): the .cpuprofile's shape and the self time summed per key of the caller's choosing.
 */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

/** How long the profile ran, in ms. */
export const profileMs = (profile: Profile) => (profile.endTime - profile.startTime) / 1000;

/** Self time in ms per key (e.g. function, file or package), from each node's samples. */
export function selfTimeBy(profile: Profile, keyOf: (frame: ProfileNode['callFrame']) => string): Map<string, number> {
  const msPerSample = profileMs(profile) / (profile.samples?.length || 1);
  const times = new Map<string, number>();
  for (const node of profile.nodes) {
    const key = keyOf(node.callFrame);
    times.set(key, (times.get(key) ?? 0) + (node.hitCount ?? 0) * msPerSample);
  }
  return times;
}
