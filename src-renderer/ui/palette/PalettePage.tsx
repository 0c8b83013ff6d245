// The palette alone, for the desktop app's palette window (the address asks for it with ?palette):
// the window is kept and only shown and hidden, so each time it is shown the palette opens afresh
// (the selection and the use of commands read again), and when the palette closes the window is
// asked to hide through the preload's hidePalette.
import { useEffect, useRef } from 'react';
import { desktopBridge } from '../../desktop-bridge';
import { languageSelectors } from '../../store/language-slice';
import { useAppStore } from '../../store/store-context';
import { appLanguageOf } from '../../words/languages';
import { Palette } from './Palette';

/** Whether the address asks for the palette alone. */
export const isPalettePage = (search: string): boolean => new URLSearchParams(search).has('palette');

export function PalettePage() {
  const language = useAppStore(languageSelectors.language);
  const open = useAppStore((s) => s.paletteOpen);
  const openPalette = useAppStore((s) => s.openPalette);
  const wasOpen = useRef(false);

  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === 'visible') void openPalette();
    };
    shown();
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, [openPalette]);

  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      desktopBridge()?.hidePalette?.();
    }
  }, [open]);

  return (
    <div className="app palette-page" lang={appLanguageOf(language)}>
      <Palette />
    </div>
  );
}
