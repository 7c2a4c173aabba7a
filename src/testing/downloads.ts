/**
 * The files a page saves (lib/download.ts: an object URL and a click on a link with `download`),
 * caught where jsdom has no download: each one's name and content. Call restore() after the test.
 */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:descarga-${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (this.download && blob) files.push({ name: this.download, blob });
  });
  return {
    files,
    restore() {
      click.mockRestore();
      Object.assign(URL, original);
    },
  };
}
