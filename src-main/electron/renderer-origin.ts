// Where the window's pages come from: app://vitruvian/, a scheme of our own registered as standard
// and secure, answered only from the renderer folder (renderer-protocol.ts). Not file://, whose
// extra privileges are turned off by a fuse (Electron's security checklist advises both).
export const rendererScheme = 'app';
export const rendererHost = 'vitruvian';
/** The window's origin; every page the window may show starts with it, then "/". */
export const rendererOrigin = `${rendererScheme}://${rendererHost}`;
/** The page the main window opens. */
export const rendererPage = `${rendererOrigin}/index.html`;

/** Whether a URL is one of the window's own pages: app://vitruvian/..., no port, no user. */
export function isRendererUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // Chromium lowercases a standard scheme's host; Node keeps its case for a scheme it does not know.
  return url.protocol === `${rendererScheme}:` && url.host === rendererHost && url.username === '' && url.password === '';
}

// Converted files come from an origin of their own, never the window's (converted-protocol.ts): what
// a plugin made cannot run as the app, and the window's CSP names this origin only where it draws
// them (img-src, media-src) and reads the start of a text or a big PNG at the size shown (connect-src).
export const convertedScheme = 'vitruvian-converted';
export const convertedHost = 'files';
export const convertedOrigin = `${convertedScheme}://${convertedHost}`;
