// The environment a tool starts with: an allow-list, never the app's whole environment. Electron
// sets ELECTRON_RUN_AS_NODE and the like, and NODE_OPTIONS would change any Node tool; neither
// may reach a tool, so only the names below pass.

export const ALLOWED_VARIABLES = ['HOME', 'PATH', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'TMPDIR'] as const;

/** An app started from the Dock gets a minimal PATH; tools expect the usual package folders too. */
const MACOS_PATH_ADDITIONS = ['/usr/local/bin', '/opt/homebrew/bin'];
const FALLBACK_PATH = '/usr/bin:/bin:/usr/sbin:/sbin';

export function childEnvironment(source: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ALLOWED_VARIABLES) {
    const value = source[name];
    if (value !== undefined && value !== '') env[name] = value;
  }
  const path = (env.PATH ?? FALLBACK_PATH).split(':').filter((part) => part !== '');
  if (platform === 'darwin') {
    for (const addition of MACOS_PATH_ADDITIONS) if (!path.includes(addition)) path.push(addition);
  }
  env.PATH = path.join(':');
  return env;
}
