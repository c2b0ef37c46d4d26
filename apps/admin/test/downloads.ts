import { vi } from 'vitest';

/**
 * Catches the browser's downloads: the files handed to URL.createObjectURL and the names of the
 * links clicked to save them (jsdom has neither). Undo with vi.restoreAllMocks().
 */
export function catchDownloads() {
  const files: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { files, names };
}
