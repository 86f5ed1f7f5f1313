/** Saves what a URL holds (a data URL, an object URL) as a file through the browser's download. */
export function saveUrl(fileName: string, url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob made in the browser as a file (no server round trip). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  saveUrl(fileName, url);
  // Chromium reads the blob after the click returns; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
