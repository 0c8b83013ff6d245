// The Electron main process entry, bundled to dist/electron/main.cjs (package.json "main").
import { startDesktopApp } from './desktop-app';

startDesktopApp();
