/** Saves a Blob as a file in the browser (no server round trip). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from its parts ('Grades', class, item title): characters no file system accepts become '-'. */
export function fileNameOf(parts: string[], extension: string): string {
  const base = [
    ...parts
      .map((p) => p.trim())
      .filter(Boolean)
      .join(' - '),
  ]
    .map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '-' : ch))
    .join('')
    .slice(0, 150);
  return `${base || 'export'}.${extension}`;
}
