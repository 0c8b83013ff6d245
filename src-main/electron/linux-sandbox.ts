// Whether Chromium's sandbox can start on this Linux, told before Electron starts: where it cannot,
// Electron dies at once with SIGTRAP ("No usable sandbox!" or "The SUID sandbox helper binary was
// found, but is not configured correctly"). Chromium needs one of two things: unprivileged user
// namespaces, which Ubuntu 23.10 and later restrict through AppArmor, or its setuid helper
// (chrome-sandbox beside the binary, owned by root with mode 4755), which npm never sets up.
// Only a restriction the system states counts: a missing file says nothing is restricted.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A system setting that keeps unprivileged user namespaces from Chromium, with the value that does. */
interface Restriction {
  file: string;
  /** The value that restricts them. */
  restricts: string;
}

const restrictions: readonly Restriction[] = [
  { file: '/proc/sys/kernel/apparmor_restrict_unprivileged_userns', restricts: '1' }, // Ubuntu 23.10 and later
  { file: '/proc/sys/kernel/unprivileged_userns_clone', restricts: '0' }, // Debian's older kernels
  { file: '/proc/sys/user/max_user_namespaces', restricts: '0' },
];

export interface SandboxFacts {
  /** A file's text, or undefined when it cannot be read. */
  read(file: string): string | undefined;
  /** Owner and mode of a file, or undefined when it is not there. */
  stat(file: string): { uid: number; mode: number } | undefined;
}

export const systemFacts: SandboxFacts = {
  read: (file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  },
  stat: (file) => {
    try {
      const { uid, mode } = statSync(file);
      return { uid, mode };
    } catch {
      return undefined;
    }
  },
};

/** Whether chrome-sandbox beside the Electron binary is set up as Chromium needs it. */
const helperSetUp = (facts: SandboxFacts, electronBinary: string): boolean => {
  const helper = facts.stat(join(dirname(electronBinary), 'chrome-sandbox'));
  return helper !== undefined && helper.uid === 0 && (helper.mode & 0o4000) !== 0 && (helper.mode & 0o111) !== 0;
};

/**
 * Why Chromium's sandbox cannot start for this Electron binary, in words naming the setting, its
 * value and the two lasting fixes; undefined when nothing says it cannot.
 */
export function sandboxProblem(electronBinary: string, facts: SandboxFacts = systemFacts): string | undefined {
  const found = restrictions.find(({ file, restricts }) => facts.read(file)?.trim() === restricts);
  if (!found || helperSetUp(facts, electronBinary)) return undefined;
  const helper = join(dirname(electronBinary), 'chrome-sandbox');
  return (
    `${found.file} is ${found.restricts}, so unprivileged user namespaces are restricted, and ${helper} is not owned by root with mode 4755. ` +
    `To keep the sandbox, either run \`sudo chown root:root ${helper} && sudo chmod 4755 ${helper}\` (again after each npm ci), ` +
    'or allow user namespaces for this binary with an AppArmor profile (see docs/desktop.md).'
  );
}
