// Which display server Electron draws on under Linux. Since Electron 38 a Wayland session gets
// native Wayland, where an app may not place its windows: the compositor does, so the HUD could not
// sit at the bottom middle of the screen. With XWayland there (DISPLAY set), `--ozone-platform=x11`
// keeps X11, where it can; Chromium picks the platform before any of our code runs, so the switch
// must be on the command line (dev-launch.ts for npm start; by hand for the AppImage).

export type LinuxDisplay = 'x11' | 'wayland' | 'none';

/** The display the session offers: Wayland when WAYLAND_DISPLAY or XDG_SESSION_TYPE says so. */
export function sessionDisplay(env: NodeJS.ProcessEnv): LinuxDisplay {
  if (env.WAYLAND_DISPLAY || env.XDG_SESSION_TYPE === 'wayland') return 'wayland';
  return env.DISPLAY ? 'x11' : 'none';
}

/** Whether Electron runs as a native Wayland client: a Wayland session, not told to use X11. */
export function onNativeWayland(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, ozonePlatform: string): boolean {
  return platform === 'linux' && sessionDisplay(env) === 'wayland' && ozonePlatform !== 'x11';
}

/** The switches that put Electron on X11 through XWayland, when the session has it. */
export function x11Switches(env: NodeJS.ProcessEnv): string[] {
  return sessionDisplay(env) === 'wayland' && env.DISPLAY ? ['--ozone-platform=x11'] : [];
}
