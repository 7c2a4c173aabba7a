/** Saves a Blob as a file from the browser: a temporary object URL and <a download>. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed.
  URL.revokeObjectURL(url);
}

/** Saves text as a file from the browser. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** The file name a Content-Disposition header gives (filename="..."), or null. */
export function attachmentFileName(disposition: string | null): string | null {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match ? match[1] : null;
}
