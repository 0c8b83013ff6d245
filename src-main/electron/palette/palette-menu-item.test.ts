import { describe, expect, it, vi } from 'vitest';
import { openPaletteMenuItem } from './palette-menu-item';

describe("the app menu's palette item", () => {
  it('opens the palette, showing the shortcut without registering it a second time', () => {
    const open = vi.fn();
    const item = openPaletteMenuItem('Open the palette', 'CommandOrControl+Shift+Space', open);
    expect(item).toMatchObject({ id: 'open-palette', accelerator: 'CommandOrControl+Shift+Space', registerAccelerator: false });
    (item.click as () => void)();
    expect(open).toHaveBeenCalledTimes(1);
    expect(openPaletteMenuItem('Open the palette', undefined, open)).not.toHaveProperty('accelerator');
  });
});
