// Saving a converted file from its URL. A link of the page's own origin (the test bed's route)
// downloads by its `download` name; Chromium ignores that name on a link to another origin (the app's
// protocol) and would navigate, which the app stops, so such a file is fetched and saved from a Blob,
// only when the person asks.

/** Whether the URL is of another origin than the page's. */
export const ofAnotherOrigin = (url: string): boolean => new URL(url, location.href).origin !== location.origin;

/** Fetches the file and saves it under `name`; 'gone' when the host no longer serves it. */
export async function saveFetched(url: string, name: string): Promise<'saved' | 'gone'> {
  const response = await fetch(url, { cache: 'no-store' });
  if (response.status === 404) return 'gone';
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  link.click();
  // The download has its own copy once it started; the page's goes.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return 'saved';
}
