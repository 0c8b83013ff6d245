import { describe, expect, it } from 'vitest';
import { onNativeWayland, sessionDisplay, x11Switches } from './linux-display';

describe('the Linux display', () => {
  it('is Wayland when the session says so, else X11 when there is a DISPLAY', () => {
    expect(sessionDisplay({ WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' })).toBe('wayland');
    expect(sessionDisplay({ XDG_SESSION_TYPE: 'wayland' })).toBe('wayland');
    expect(sessionDisplay({ DISPLAY: ':0', XDG_SESSION_TYPE: 'x11' })).toBe('x11');
    expect(sessionDisplay({})).toBe('none');
  });

  it('keeps X11 through XWayland where it is there, and only there', () => {
    expect(x11Switches({ WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' })).toEqual(['--ozone-platform=x11']);
    expect(x11Switches({ WAYLAND_DISPLAY: 'wayland-0' })).toEqual([]); // no XWayland: X11 would not start
    expect(x11Switches({ DISPLAY: ':0' })).toEqual([]);
  });

  it('is native Wayland for Electron unless it was told to use X11', () => {
    const wayland = { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };
    expect(onNativeWayland('linux', wayland, '')).toBe(true);
    expect(onNativeWayland('linux', wayland, 'x11')).toBe(false);
    expect(onNativeWayland('linux', { DISPLAY: ':0' }, '')).toBe(false);
    expect(onNativeWayland('darwin', wayland, '')).toBe(false);
  });
});
