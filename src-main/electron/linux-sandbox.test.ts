import { describe, expect, it } from 'vitest';
import { sandboxProblem, type SandboxFacts } from './linux-sandbox';

const binary = '/repo/node_modules/electron/dist/electron';
const facts = (files: Record<string, string>, helper?: { uid: number; mode: number }): SandboxFacts => ({
  read: (file) => files[file],
  stat: (file) => (file === '/repo/node_modules/electron/dist/chrome-sandbox' ? helper : undefined),
});
const ubuntu = { '/proc/sys/kernel/apparmor_restrict_unprivileged_userns': '1\n' };

describe("whether Chromium's sandbox can start", () => {
  it('cannot where Ubuntu restricts user namespaces and chrome-sandbox is as npm left it', () => {
    const problem = sandboxProblem(binary, facts(ubuntu, { uid: 1000, mode: 0o100755 }));
    expect(problem).toContain('/proc/sys/kernel/apparmor_restrict_unprivileged_userns is 1');
    expect(problem).toContain('sudo chown root:root /repo/node_modules/electron/dist/chrome-sandbox && sudo chmod 4755');
    expect(problem).toContain('AppArmor profile');
  });

  it('cannot where the kernel forbids user namespaces in other ways', () => {
    expect(sandboxProblem(binary, facts({ '/proc/sys/kernel/unprivileged_userns_clone': '0' }))).toContain('unprivileged_userns_clone is 0');
    expect(sandboxProblem(binary, facts({ '/proc/sys/user/max_user_namespaces': '0' }))).toContain('max_user_namespaces is 0');
  });

  it('can when the setuid helper is set up, or nothing restricts user namespaces', () => {
    expect(sandboxProblem(binary, facts(ubuntu, { uid: 0, mode: 0o104755 }))).toBeUndefined();
    expect(sandboxProblem(binary, facts(ubuntu, { uid: 0, mode: 0o100755 }))).toBeDefined(); // root's, but not setuid
    expect(sandboxProblem(binary, facts({ '/proc/sys/kernel/apparmor_restrict_unprivileged_userns': '0' }))).toBeUndefined();
    expect(sandboxProblem(binary, facts({}))).toBeUndefined(); // no such settings: nothing says it cannot
  });
});
