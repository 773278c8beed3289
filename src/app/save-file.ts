/**
 * Hands a downloaded file to the browser to save (issue 12). A blob URL on a temporary link, clicked
 * and let go: the file never sits at an address another tab or person could open.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
