import { describe, expect, it } from 'vitest';
import { childEnvironment } from './child-env';

const appEnv = {
  HOME: '/Users/ana',
  PATH: '/usr/bin:/bin',
  USER: 'ana',
  LOGNAME: 'ana',
  SHELL: '/bin/zsh',
  TERM: 'xterm-256color',
  LANG: 'fr_FR.UTF-8',
  TMPDIR: '/var/folders/x/T/',
  ELECTRON_RUN_AS_NODE: '1',
  NODE_OPTIONS: '--require /tmp/evil.js',
  AWS_SECRET_ACCESS_KEY: 'hush',
};

describe('childEnvironment', () => {
  it('passes only the allow-listed variables', () => {
    expect(childEnvironment(appEnv, 'linux')).toEqual({
      HOME: '/Users/ana',
      PATH: '/usr/bin:/bin',
      USER: 'ana',
      LOGNAME: 'ana',
      SHELL: '/bin/zsh',
      TERM: 'xterm-256color',
      LANG: 'fr_FR.UTF-8',
      TMPDIR: '/var/folders/x/T/',
    });
  });

  it('adds the Homebrew folders to PATH on macOS, once', () => {
    expect(childEnvironment(appEnv, 'darwin').PATH).toBe('/usr/bin:/bin:/usr/local/bin:/opt/homebrew/bin');
    const already = { PATH: '/opt/homebrew/bin:/usr/bin' };
    expect(childEnvironment(already, 'darwin').PATH).toBe('/opt/homebrew/bin:/usr/bin:/usr/local/bin');
  });

  it('gives a usable PATH when the app has none', () => {
    expect(childEnvironment({}, 'darwin')).toEqual({ PATH: '/usr/bin:/bin:/usr/sbin:/sbin:/usr/local/bin:/opt/homebrew/bin' });
  });
});
