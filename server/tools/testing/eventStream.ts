/**
 * A server-sent events stream as a page reads it (the passenger's live trip): its status, and each
 * event as it comes, parsed. Also `until`, a short poll for what a stream should have received.
 */
export function eventStream(url: string) {
  const controller = new AbortController();
  const events: { event: string; data: unknown }[] = [];
  const ready = fetch(url, { signal: controller.signal }).then(async (response) => {
    const status = response.status;
    if (!response.body) return status;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
          }
        }
      } catch {
        // aborted
      }
    })();
    return status;
  });
  return { events, ready, close: () => controller.abort() };
}


export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}
