// The names of the files of the Files tab's bench (files-bench.ts), in a module of its own: the e2e
// spec that writes them imports it without the window's store.

/** The name of file `index` in the bench's folder. */
export const benchFileName = (index: number): string => `note-${String(index).padStart(5, '0')}.txt`;
