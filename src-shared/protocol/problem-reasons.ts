// A problem found in a manifest or a folder, as data beside its English line, so that the window
// words it in the person's language (src-renderer/words/problem-reasons-fr.ts) while the CLI, the
// log and the English window read the line worded here once (docs/design/manifests.md).
// The values a reason quotes are already quoted as a manifest writes them ("camera", 3, null): they
// are the author's, not words of a language.
import { formatCount, orList, typeWords, valueFaultEn, type Shown, type TypeName, type ValueFault } from './value-words';

export { codePoints, formatCount, kindOf, orList, quote, shown, typeOf, typeWords, valueFaultEn } from './value-words';
export type { Shown, TypeName, ValueFault } from './value-words';

/** Which manifest a reason speaks of, where it says "the tool's folder" or "the plugin's". */
export type FolderNoun = 'tool' | 'plugin';

export type ProblemReason =
  // A schema's keywords.
  | { code: 'missing'; goesWith?: string }
  | { code: 'wrongType'; value?: string; given: TypeName; expected: TypeName[] }
  | { code: 'notOneOf'; value: Shown; allowed: string[] }
  | { code: 'notConst'; value: Shown; allowed: string }
  | { code: 'tooManyChars'; count: number; limit: number }
  | { code: 'tooFewChars'; count: number; limit: number }
  | { code: 'empty' }
  | { code: 'tooManyItems'; count: number; limit: number }
  | { code: 'tooFewItems'; count: number; limit: number }
  | { code: 'emptyList' }
  | { code: 'lessThan'; value: Shown; limit: number }
  | { code: 'moreThan'; value: Shown; limit: number }
  | { code: 'notAbove'; value: Shown; limit: number }
  | { code: 'notBelow'; value: Shown; limit: number }
  | { code: 'notMultiple'; value: Shown; of: number }
  | { code: 'badForm'; value: Shown }
  | { code: 'badFormat'; value: Shown; format: string }
  | { code: 'tooFewProperties'; count: number; limit: number }
  | { code: 'tooManyProperties'; count: number; limit: number }
  | { code: 'containsTooFew'; least: number; most?: number }
  | { code: 'notAllowedHere'; value: Shown }
  | { code: 'brokeRule'; value: Shown; keyword: string }
  | { code: 'notAllowedProperty'; allowed: string[]; more: number }
  | { code: 'notAKind'; value: Shown; kinds: number }
  | { code: 'alreadyListed'; value: Shown; at: string }
  /** A schema's own words for a keyword (`x-reasons`): `rule` is the English template, which names it. */
  | { code: 'rule'; rule: string; value: Shown; count: number; limit: number; control: string; allowed: string[] }
  // The rules a schema cannot state.
  | { code: 'duplicate'; value: string; key: string; at: string }
  | { code: 'boundNotForKind'; only: 'number' | 'text'; kind: string }
  | { code: 'minimumAboveMaximum'; minimum: number; maximum: number }
  | { code: 'badDefault'; value: Shown; fault: ValueFault }
  | { code: 'protocolNotSpoken'; value: number; spoken: number[] }
  | { code: 'apiNotSpoken'; value: number; oldest: number; newest: number }
  | { code: 'noTransport' }
  | { code: 'bothTransports' }
  // The folder and its files.
  | { code: 'folderMissing'; path: string }
  | { code: 'notAFolder'; path: string }
  | { code: 'unreadable'; value?: string; detail: string }
  | { code: 'bothManifests'; tool: string; plugin: string }
  | { code: 'noManifest'; plugin: string }
  | { code: 'manifestIsFolder' }
  | { code: 'manifestNotRegular' }
  | { code: 'manifestLeaves'; noun: FolderNoun }
  | { code: 'tooManyBytes'; value?: string; size: number; limit: number }
  | { code: 'byteOrderMark' }
  | { code: 'utf16' }
  | { code: 'zeroByte'; at: number }
  | { code: 'notUtf8'; byte: string; at: number }
  | { code: 'emptyManifest' }
  | { code: 'tooDeep'; limit: number; line: number; column: number }
  | { code: 'notJson'; detail: string; line?: number; column?: number }
  | { code: 'jsonEndsEarly' }
  | { code: 'notToml'; detail: string; line?: number; column?: number }
  | { code: 'stringNotClosed'; line: number }
  | { code: 'absolutePath'; value: string; noun: FolderNoun }
  | { code: 'leavesFolder'; value: string; noun: FolderNoun }
  | { code: 'folderItself'; value: string; noun: FolderNoun; program: boolean }
  | { code: 'notInFolder'; value: string; noun: FolderNoun }
  | { code: 'leavesBySymlink'; value: string; noun: FolderNoun; to: string }
  | { code: 'notAFile'; value: string; is: 'folder' | 'other'; program: boolean }
  | { code: 'notExecutable'; value: string }
  // The installer: the id beside those listed, and the copy.
  | { code: 'idCannotNameFolder'; value: string }
  | { code: 'caseTwin'; value: string; twin: string; inPlaceFrom?: string }
  | { code: 'idLoadedInPlace'; value: string; from: string }
  | { code: 'idTaken'; value: string; from?: string }
  | { code: 'isInstalledCopy'; path: string }
  | { code: 'tooManyEntries'; limit: number }
  | { code: 'nestedTooDeep'; value: string; depth: number; limit: number }
  | { code: 'specialFile'; value: string; kind: 'fifo' | 'socket' | 'device' }
  | { code: 'tooManyFolderBytes'; gib: number; limit: number }
  | { code: 'changedWhileCopied'; value: string }
  | { code: 'notCopied'; value: string; detail: string };

/**
 * A problem: its line in English (`<field>: <reason>`), and, where it was found by a rule worded
 * here, the field and the reason as data. A line without them (a component's world, a copy that
 * failed) is shown in English in every language.
 */
export interface Problem {
  text: string;
  field?: string;
  reason?: ProblemReason;
  /** Found in the copy an install made, not in the folder given (a file changed while it was copied). */
  inInstalledCopy?: true;
}

/** A problem of a field, worded in English from its data. */
export const problemOf = (field: string, reason: ProblemReason): Problem => ({ text: `${field}: ${reasonWordsEn(reason)}`, field, reason });

/** A problem known only by its English line. */
export const problemLine = (text: string): Problem => ({ text });

/** The English lines of problems: what the CLI prints and the log keeps. */
export const problemLines = (problems: readonly Problem[]): string[] => problems.map((problem) => problem.text);

const andList = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const shownEn = (value: Shown): string => ('quoted' in value ? value.quoted : typeWords[value.kind]);

/** Fills a schema's `x-reasons` template: {value}, {count}, {limit}, {control}, {allowed}. */
export function fillRule(template: string, fields: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole);
}

const folderOf = (noun: FolderNoun) => `the ${noun}'s folder`;
const at = (line: number | undefined, column: number | undefined) => (line === undefined ? '' : ` at line ${line}, column ${column}`);

/** The reason in English. */
export function reasonWordsEn(reason: ProblemReason): string {
  switch (reason.code) {
    case 'missing':
      return reason.goesWith === undefined ? 'missing' : `missing; it goes with ${reason.goesWith}`;
    case 'wrongType': {
      const given = reason.value === undefined ? typeWords[reason.given] : `${reason.value} is ${typeWords[reason.given]}`;
      return `${given}, expected ${orList(reason.expected.map((type) => typeWords[type]))}`;
    }
    case 'notOneOf':
      return `${shownEn(reason.value)} is not one of ${orList(reason.allowed)}`;
    case 'notConst':
      return `${shownEn(reason.value)} is not ${reason.allowed}`;
    case 'tooManyChars':
      return `${formatCount(reason.count)} characters, at most ${formatCount(reason.limit)}`;
    case 'tooFewChars':
      return `${formatCount(reason.count)} characters, at least ${formatCount(reason.limit)}`;
    case 'empty':
      return 'empty';
    case 'tooManyItems':
      return `${formatCount(reason.count)} items, at most ${formatCount(reason.limit)}`;
    case 'tooFewItems':
      return `${formatCount(reason.count)} items, at least ${formatCount(reason.limit)}`;
    case 'emptyList':
      return 'an empty list, at least one item is needed';
    case 'lessThan':
      return `${shownEn(reason.value)} is less than ${formatCount(reason.limit)}`;
    case 'moreThan':
      return `${shownEn(reason.value)} is more than ${formatCount(reason.limit)}`;
    case 'notAbove':
      return `must be above ${formatCount(reason.limit)}, not ${shownEn(reason.value)}`;
    case 'notBelow':
      return `must be below ${formatCount(reason.limit)}, not ${shownEn(reason.value)}`;
    case 'notMultiple':
      return `must be a multiple of ${reason.of}, not ${shownEn(reason.value)}`;
    case 'badForm':
      return `${shownEn(reason.value)} does not have the expected form`;
    case 'badFormat':
      return `${shownEn(reason.value)} is not ${formatWords[reason.format] ?? `written in the ${reason.format} format`}`;
    case 'tooFewProperties':
      return `${propertyCount(reason.count)}, at least ${formatCount(reason.limit)}`;
    case 'tooManyProperties':
      return `${propertyCount(reason.count)}, at most ${formatCount(reason.limit)}`;
    case 'containsTooFew':
      return `at least ${reason.least}${reason.most === undefined ? '' : ` and at most ${reason.most}`} of its items must be of the kind the schema names`;
    case 'notAllowedHere':
      return `${shownEn(reason.value)} is not allowed here`;
    case 'brokeRule':
      return `${shownEn(reason.value)} does not keep the schema's ${JSON.stringify(reason.keyword)} rule`;
    case 'notAllowedProperty': {
      const named = reason.allowed.map((name) => JSON.stringify(name));
      const allows = named.length === 0 ? 'it allows none' : `it allows ${orList(named)}${reason.more > 0 ? ` and ${reason.more} more` : ''}`;
      return `not a property the schema allows (${allows})`;
    }
    case 'notAKind':
      return `${shownEn(reason.value)} is not one of the ${reason.kinds} kinds`;
    case 'alreadyListed':
      return `${shownEn(reason.value)} is already listed at ${reason.at}`;
    case 'rule':
      return fillRule(reason.rule, {
        value: shownEn(reason.value),
        count: formatCount(reason.count),
        limit: formatCount(reason.limit),
        control: reason.control,
        allowed: andList(reason.allowed),
      });
    case 'duplicate':
      return `${reason.value} is already the ${reason.key} of ${reason.at}`;
    case 'boundNotForKind':
      return `only a "${reason.only}" preference has one, not a ${reason.kind} one`;
    case 'minimumAboveMaximum':
      return `${reason.minimum} is above the maximum, ${reason.maximum}`;
    case 'badDefault':
      return valueFaultEn(reason.fault, shownEn(reason.value));
    case 'protocolNotSpoken':
      return `${reason.value} is not spoken by this app (it speaks ${reason.spoken.join(', ')})`;
    case 'apiNotSpoken':
      return `${reason.value} is not spoken by this app (it speaks Skwir api ${reason.oldest === reason.newest ? reason.newest : `${reason.oldest} to ${reason.newest}`})`;
    case 'noTransport':
      return 'names no transport; add [program] with exec (a program) or [module] with wasm (a WebAssembly component)';
    case 'bothTransports':
      return 'a plugin is a program or a module, not both; keep [program] or [module]';
    case 'folderMissing':
      return `${reason.path} does not exist`;
    case 'notAFolder':
      return `${reason.path} is not a folder`;
    case 'unreadable':
      return `${reason.value === undefined ? '' : `${reason.value} `}could not be read (${reason.detail})`;
    case 'bothManifests':
      return `holds both ${reason.tool} and ${reason.plugin}; a folder is one tool or one Skwir plugin`;
    case 'noManifest':
      return `missing; the folder needs one at its top (or ${reason.plugin}, for a Skwir plugin)`;
    case 'manifestIsFolder':
      return 'a folder, expected a file';
    case 'manifestNotRegular':
      return 'not a regular file';
    case 'manifestLeaves':
      return `a symlink that leaves ${folderOf(reason.noun)}`;
    case 'tooManyBytes':
      return `${reason.value === undefined ? '' : `${reason.value} is `}${formatCount(reason.size)} bytes, at most ${formatCount(reason.limit)}`;
    case 'byteOrderMark':
      return 'starts with a byte order mark (BOM); save it as UTF-8 without one';
    case 'utf16':
      return 'is UTF-16 text; save it as UTF-8';
    case 'zeroByte':
      return `holds a zero byte at byte ${reason.at}; it is not a text file`;
    case 'notUtf8':
      return `is not UTF-8 text (byte ${reason.byte} at byte ${reason.at}); it may be a binary file`;
    case 'emptyManifest':
      return 'empty; it must hold a JSON object';
    case 'tooDeep':
      return `nested more than ${reason.limit} levels deep${at(reason.line, reason.column)}`;
    case 'notJson':
      return `not JSON: ${reason.detail}${at(reason.line, reason.column)}`;
    case 'jsonEndsEarly':
      return 'not JSON: it ends too early (unclosed object, list or text)';
    case 'notToml':
      return reason.line === undefined ? `not TOML (${reason.detail})` : `line ${reason.line}, column ${reason.column}: ${reason.detail}`;
    case 'stringNotClosed':
      return `line ${reason.line}: a string is not closed (a "..." or '...' string ends on the line it starts; """...""" may run over lines)`;
    case 'absolutePath':
      return `${reason.value} is an absolute path; give a path inside ${folderOf(reason.noun)}`;
    case 'leavesFolder':
      return `${reason.value} leaves ${folderOf(reason.noun)}`;
    case 'folderItself':
      return `${reason.value} is ${folderOf(reason.noun)} itself, not ${reason.program ? 'a program' : 'a file'}`;
    case 'notInFolder':
      return `${reason.value} does not exist in ${folderOf(reason.noun)}`;
    case 'leavesBySymlink':
      return `${reason.value} leaves ${folderOf(reason.noun)} through a symlink (to ${reason.to})`;
    case 'notAFile':
      return `${reason.value} is ${reason.is === 'folder' ? 'a folder' : 'not a regular file'}, not ${reason.program ? 'a program' : 'a file'}`;
    case 'notExecutable':
      return `${reason.value} is not executable (chmod +x it)`;
    case 'idCannotNameFolder':
      return `${reason.value} cannot name a folder`;
    case 'caseTwin': {
      const listed = reason.inPlaceFrom === undefined ? `the installed tool ${reason.twin}` : `${reason.twin}, loaded in place from ${reason.inPlaceFrom}`;
      return `${reason.value} differs only in case from ${listed}; ids name folders and files, which a file system that ignores case (as macOS does) would share`;
    }
    case 'idLoadedInPlace':
      return `${reason.value} is loaded in place from ${reason.from}`;
    case 'idTaken':
      return `${reason.value} is already ${reason.from === undefined ? 'installed' : `loaded from ${reason.from}`}`;
    case 'isInstalledCopy':
      return `${reason.path} is already the installed copy`;
    case 'tooManyEntries':
      return `it holds more than ${formatCount(reason.limit)} files, folders and links, the most an install copies`;
    case 'nestedTooDeep':
      return `${reason.value} is nested ${reason.depth} folders deep; an install copies at most ${reason.limit}`;
    case 'specialFile':
      return `${reason.value} is ${specialWords[reason.kind]}; a tool's folder may hold only files, folders and symlinks`;
    case 'tooManyFolderBytes':
      return `its files hold more than ${reason.gib} GiB (${formatCount(reason.limit)} bytes), the most an install copies`;
    case 'changedWhileCopied':
      return `${reason.value} changed while it was copied; drop the folder again`;
    case 'notCopied':
      return `${reason.value} could not be copied (${reason.detail})`;
  }
}

const specialWords = { fifo: 'a FIFO', socket: 'a socket', device: 'a device' } as const;

const formatWords: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  time: 'a time of day (HH:MM:SS)',
  'date-time': 'a date and time (YYYY-MM-DDTHH:MM:SSZ)',
  email: 'an email address',
  uri: 'an address with a scheme (https://...)',
  'uri-reference': 'an address',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  uuid: 'a UUID',
  hostname: 'a host name',
  regex: 'a regular expression',
};

const propertyCount = (count: number): string => (count === 1 ? '1 property' : `${formatCount(count)} properties`);
