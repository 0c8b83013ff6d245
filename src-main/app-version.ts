// The app's version: package.json's, the one source for the app, the host's info and the CLI.
import { version } from '../package.json';

export const appVersion: string = version;
