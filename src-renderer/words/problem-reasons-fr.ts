// The problems of a manifest or a folder (src-shared/protocol/problem-reasons.ts) in French; undefined
// for a code, or a schema's rule, this window does not know (a newer host's): the English line is shown.
// Field paths and the values a manifest holds are the author's, left as written.
import type { FolderNoun, Problem, ProblemReason, Shown, TypeName, ValueFault } from '../../src-shared/protocol/problem-reasons';
import { countIn } from '../../src-shared/plural';

const nb = '\u202f';
const n = (value: number) => value.toLocaleString('fr');
const orList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ou ${items[items.length - 1]}`);
const andList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`);

const typeWords: Record<TypeName, string> = {
  object: 'un objet',
  array: 'une liste',
  string: 'du texte',
  integer: 'un nombre entier',
  number: 'un nombre',
  boolean: 'true ou false',
  null: 'null',
};

const shownFr = (value: Shown): string => ('quoted' in value ? value.quoted : typeWords[value.kind]);
const folderOf = (noun: FolderNoun) => (noun === 'plugin' ? 'le dossier du plugin' : 'le dossier de l’outil');
const whatFr = (program: boolean) => (program ? 'un programme' : 'un fichier');
const at = (line: number | undefined, column: number | undefined) => (line === undefined ? '' : ` ligne ${n(line)}, colonne ${n(column ?? 0)}`);

const specialWords = { fifo: 'un FIFO', socket: 'une socket', device: 'un périphérique' } as const;

const formatWords: Record<string, string> = {
  date: 'une date (AAAA-MM-JJ)',
  time: 'une heure (HH:MM:SS)',
  'date-time': 'une date et une heure (AAAA-MM-JJTHH:MM:SSZ)',
  email: 'une adresse e-mail',
  uri: 'une adresse avec un schéma (https://...)',
  'uri-reference': 'une adresse',
  ipv4: 'une adresse IPv4',
  ipv6: 'une adresse IPv6',
  uuid: 'un UUID',
  hostname: 'un nom d’hôte',
  regex: 'une expression régulière',
};

/**
 * A schema's own words (`x-reasons`, keyed by their English template) in French, with the same
 * placeholders: {value}, {count}, {limit}, {control}, {allowed}.
 */
export const schemaRulesFr: Readonly<Record<string, string>> = {
  '{value} has no dot; use a reverse-domain id like "com.acme.deploys"': `{value} n’a pas de point${nb}; prenez un id de domaine inversé comme "com.acme.deploys"`,
  '{value} has no dot; use a reverse-domain id like "org.example.netpbm"': `{value} n’a pas de point${nb}; prenez un id de domaine inversé comme "org.example.netpbm"`,
  "{value} may hold only ASCII letters, digits, '-' and '_' between single dots": `{value} ne peut contenir que des lettres ASCII, des chiffres, '-' et '_' entre des points isolés`,
  '{value} is not a semantic version such as 1.2.0 (major.minor.patch, each a whole number)':
    '{value} n’est pas une version sémantique comme 1.2.0 (majeure.mineure.correctif, chacune un nombre entier)',
  '{count} commands, at most {limit}': '{count} commandes, {limit} au plus',
  '{count} preferences, at most {limit}': '{count} préférences, {limit} au plus',
  '{count} fields, at most {limit}': '{count} champs, {limit} au plus',
  '{count} previews, at most {limit}': '{count} aperçus, {limit} au plus',
  'missing; English text ("en") is required': `manquant${nb}; le texte anglais ("en") est obligatoire`,
  '{value} is not a language tag like "en" or "pt-BR"': '{value} n’est pas une étiquette de langue comme "en" ou "pt-BR"',
  '{value} holds a control character ({control})': '{value} contient un caractère de contrôle ({control})',
  'unknown way of starting {value}': 'manière de démarrer inconnue {value}',
  'unknown service {value}; the services are {allowed}': `service inconnu {value}${nb}; les services sont {allowed}`,
  'unknown surface {value}': 'surface inconnue {value}',
  'unknown preference kind {value}': 'type de préférence inconnu {value}',
  'unknown format {value}: the one format is url': `format inconnu {value}${nb}: le seul format est url`,
  'missing; a "choice" preference needs its options': `manquant${nb}; une préférence "choice" a besoin de ses options`,
  "{value} is not an id: use ASCII letters, digits, '.', '-' and '_', starting with a letter or digit": `{value} n’est pas un id${nb}: utilisez des lettres ASCII, des chiffres, '.', '-' et '_', en commençant par une lettre ou un chiffre`,
  'unknown capability {value} (a plugin may ask for {allowed})': 'capacité inconnue {value} (un plugin peut demander {allowed})',
  "{value} is not a name: use ASCII letters, digits, '-' and '_' between single dots": `{value} n’est pas un nom${nb}: utilisez des lettres ASCII, des chiffres, '-' et '_' entre des points isolés`,
  '{value} is not an extension: give it without its dot, like "ppm"': `{value} n’est pas une extension${nb}: donnez-la sans son point, comme "ppm"`,
  '{value} is not a media type like "text/plain" or "image/*"': '{value} n’est pas un type de média comme "text/plain" ou "image/*"',
};

const fill = (template: string, fields: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole);

const faultKinds: Record<string, string> = {
  text: 'du type "text"',
  secret: 'du type "secret" (du texte)',
  boolean: 'du type "boolean" (true ou false)',
  number: 'du type "number"',
};

function valueFaultFr(fault: ValueFault, value: string): string | undefined {
  switch (fault.code) {
    case 'tooLong':
      return `${countIn('fr', fault.chars, 'caractère', 'caractères')}, ${n(fault.max)} au plus`;
    case 'kind':
      return `${value} ne convient pas à une préférence ${faultKinds[fault.kind] ?? `d’un type inconnu, "${fault.kind}"`}`;
    case 'notAnOption':
      return `${value} n’est pas une des options ${orList(fault.options.map((option) => JSON.stringify(option)))}`;
    case 'belowMinimum':
      return `${value} est sous le minimum, ${n(fault.minimum)}`;
    case 'aboveMaximum':
      return `${value} dépasse le maximum, ${n(fault.maximum)}`;
    case 'notWhole':
      return `${value} n’est pas un nombre entier`;
    case 'notUrl':
      return `${value} n’est pas un lien (http, https ou mailto)`;
    default:
      return undefined;
  }
}

/** The reason in French; undefined for a code this window does not know. */
export function problemReasonFr(reason: ProblemReason): string | undefined {
  switch (reason.code) {
    case 'missing':
      return reason.goesWith === undefined ? 'manquant' : `manquant${nb}; il va avec ${reason.goesWith}`;
    case 'wrongType': {
      const given = reason.value === undefined ? typeWords[reason.given] : `${reason.value} est ${typeWords[reason.given]}`;
      return `${given}, il faut ${orList(reason.expected.map((type) => typeWords[type]))}`;
    }
    case 'notOneOf':
      return `${shownFr(reason.value)} n’est pas parmi ${orList(reason.allowed)}`;
    case 'notConst':
      return `${shownFr(reason.value)} n’est pas ${reason.allowed}`;
    case 'tooManyChars':
      return `${countIn('fr', reason.count, 'caractère', 'caractères')}, ${n(reason.limit)} au plus`;
    case 'tooFewChars':
      return `${countIn('fr', reason.count, 'caractère', 'caractères')}, ${n(reason.limit)} au moins`;
    case 'empty':
      return 'vide';
    case 'tooManyItems':
      return `${countIn('fr', reason.count, 'élément', 'éléments')}, ${n(reason.limit)} au plus`;
    case 'tooFewItems':
      return `${countIn('fr', reason.count, 'élément', 'éléments')}, ${n(reason.limit)} au moins`;
    case 'emptyList':
      return `une liste vide${nb}; il faut au moins un élément`;
    case 'lessThan':
      return `${shownFr(reason.value)} est inférieur à ${n(reason.limit)}`;
    case 'moreThan':
      return `${shownFr(reason.value)} est supérieur à ${n(reason.limit)}`;
    case 'notAbove':
      return `doit être supérieur à ${n(reason.limit)}, pas ${shownFr(reason.value)}`;
    case 'notBelow':
      return `doit être inférieur à ${n(reason.limit)}, pas ${shownFr(reason.value)}`;
    case 'notMultiple':
      return `doit être un multiple de ${n(reason.of)}, pas ${shownFr(reason.value)}`;
    case 'badForm':
      return `${shownFr(reason.value)} n’a pas la forme attendue`;
    case 'badFormat':
      return `${shownFr(reason.value)} n’est pas ${formatWords[reason.format] ?? `écrit au format ${reason.format}`}`;
    case 'tooFewProperties':
      return `${countIn('fr', reason.count, 'propriété', 'propriétés')}, ${n(reason.limit)} au moins`;
    case 'tooManyProperties':
      return `${countIn('fr', reason.count, 'propriété', 'propriétés')}, ${n(reason.limit)} au plus`;
    case 'containsTooFew':
      return `au moins ${n(reason.least)}${reason.most === undefined ? '' : ` et au plus ${n(reason.most)}`} de ses éléments doivent être du type que le schéma nomme`;
    case 'notAllowedHere':
      return `${shownFr(reason.value)} n’est pas permis ici`;
    case 'brokeRule':
      return `${shownFr(reason.value)} ne respecte pas la règle ${JSON.stringify(reason.keyword)} du schéma`;
    case 'notAllowedProperty': {
      const named = reason.allowed.map((name) => JSON.stringify(name));
      const allows = named.length === 0 ? 'il n’en permet aucune' : `il permet ${orList(named)}${reason.more > 0 ? ` et ${n(reason.more)} de plus` : ''}`;
      return `une propriété que le schéma ne permet pas (${allows})`;
    }
    case 'notAKind':
      return `${shownFr(reason.value)} n’est pas une des ${n(reason.kinds)} sortes`;
    case 'alreadyListed':
      return `${shownFr(reason.value)} est déjà dans la liste, en ${reason.at}`;
    case 'rule': {
      const template = schemaRulesFr[reason.rule];
      return (
        template &&
        fill(template, {
          value: shownFr(reason.value),
          count: n(reason.count),
          limit: n(reason.limit),
          control: reason.control === 'none' ? 'aucun' : reason.control,
          allowed: andList(reason.allowed),
        })
      );
    }
    case 'duplicate':
      return `${reason.value} est déjà ${reason.key === 'id' ? 'l’id' : `la valeur de ${reason.key}`} de ${reason.at}`;
    case 'boundNotForKind':
      return `seule une préférence "${reason.only}" en a un, pas une préférence ${reason.kind}`;
    case 'minimumAboveMaximum':
      return `${n(reason.minimum)} dépasse le maximum, ${n(reason.maximum)}`;
    case 'badDefault':
      return valueFaultFr(reason.fault, shownFr(reason.value));
    case 'protocolNotSpoken':
      return `l’app ne parle pas le protocole ${reason.value} (elle parle ${andList(reason.spoken.map(String))})`;
    case 'apiNotSpoken':
      return `l’app ne parle pas l’api ${reason.value} (elle parle l’api Skwir ${reason.oldest === reason.newest ? reason.newest : `${reason.oldest} à ${reason.newest}`})`;
    case 'noTransport':
      return `ne nomme aucun transport${nb}; ajoutez [program] avec exec (un programme) ou [module] avec wasm (un composant WebAssembly)`;
    case 'bothTransports':
      return `un plugin est un programme ou un module, pas les deux${nb}; gardez [program] ou [module]`;
    case 'folderMissing':
      return `${reason.path} n’existe pas`;
    case 'notAFolder':
      return `${reason.path} n’est pas un dossier`;
    case 'unreadable':
      return `${reason.value === undefined ? 'il' : reason.value} n’a pas pu être lu (${reason.detail})`;
    case 'bothManifests':
      return `contient à la fois ${reason.tool} et ${reason.plugin}${nb}; un dossier est un outil ou un plugin Skwir, pas les deux`;
    case 'noManifest':
      return `manquant${nb}; le dossier en a besoin à sa racine (ou de ${reason.plugin}, pour un plugin Skwir)`;
    case 'manifestIsFolder':
      return `un dossier${nb}; il faut un fichier`;
    case 'manifestNotRegular':
      return 'ce n’est pas un fichier ordinaire';
    case 'manifestLeaves':
      return `un lien symbolique qui sort du ${folderOf(reason.noun).slice(3)}`;
    case 'tooManyBytes':
      return `${reason.value === undefined ? '' : `${reason.value} fait `}${countIn('fr', reason.size, 'octet', 'octets')}, ${n(reason.limit)} au plus`;
    case 'byteOrderMark':
      return `commence par une marque d’ordre des octets (BOM)${nb}; enregistrez-le en UTF-8 sans elle`;
    case 'utf16':
      return `est du texte UTF-16${nb}; enregistrez-le en UTF-8`;
    case 'zeroByte':
      return `contient un octet nul à l’octet ${n(reason.at)}${nb}; ce n’est pas un fichier texte`;
    case 'notUtf8':
      return `n’est pas du texte UTF-8 (octet ${reason.byte} à l’octet ${n(reason.at)})${nb}; c’est peut-être un fichier binaire`;
    case 'emptyManifest':
      return `vide${nb}; il doit contenir un objet JSON`;
    case 'tooDeep':
      return `imbriqué sur plus de ${n(reason.limit)} niveaux,${at(reason.line, reason.column)}`;
    case 'notJson':
      // The detail is the JSON parser's own English.
      return `pas du JSON${nb}: ${reason.detail}${reason.line === undefined ? '' : ` (${at(reason.line, reason.column).trim()})`}`;
    case 'jsonEndsEarly':
      return `pas du JSON${nb}: il finit trop tôt (un objet, une liste ou un texte non fermé)`;
    case 'notToml':
      return reason.line === undefined ? `pas du TOML (${reason.detail})` : `${at(reason.line, reason.column).trim()}${nb}: ${reason.detail}`;
    case 'stringNotClosed':
      return `ligne ${n(reason.line)}${nb}: une chaîne n’est pas fermée (une chaîne "..." ou '...' finit sur la ligne où elle commence${nb}; """...""" peut courir sur plusieurs lignes)`;
    case 'absolutePath':
      return `${reason.value} est un chemin absolu${nb}; donnez un chemin dans ${folderOf(reason.noun)}`;
    case 'leavesFolder':
      return `${reason.value} sort du ${folderOf(reason.noun).slice(3)}`;
    case 'folderItself':
      return `${reason.value} est ${folderOf(reason.noun)} lui-même, pas ${whatFr(reason.program)}`;
    case 'notInFolder':
      return `${reason.value} n’existe pas dans ${folderOf(reason.noun)}`;
    case 'leavesBySymlink':
      return `${reason.value} sort du ${folderOf(reason.noun).slice(3)} par un lien symbolique (vers ${reason.to})`;
    case 'notAFile':
      return `${reason.value} est ${reason.is === 'folder' ? 'un dossier' : 'autre chose qu’un fichier ordinaire'}, pas ${whatFr(reason.program)}`;
    case 'notExecutable':
      return `${reason.value} n’est pas exécutable (faites-lui chmod +x)`;
    case 'idCannotNameFolder':
      return `${reason.value} ne peut pas nommer un dossier`;
    case 'caseTwin': {
      const listed =
        reason.inPlaceFrom === undefined ? `de l’outil installé ${reason.twin}` : `de ${reason.twin}, chargé sur place depuis ${reason.inPlaceFrom}`;
      return `${reason.value} ne diffère que par la casse ${listed}${nb}; les ids nomment des dossiers et des fichiers, qu’un système de fichiers qui ignore la casse (comme celui de macOS) confondrait`;
    }
    case 'idLoadedInPlace':
      return `${reason.value} est chargé sur place depuis ${reason.from}`;
    case 'idTaken':
      return `${reason.value} est déjà ${reason.from === undefined ? 'installé' : `chargé depuis ${reason.from}`}`;
    case 'isInstalledCopy':
      return `${reason.path} est déjà la copie installée`;
    case 'tooManyEntries':
      return `il contient plus de ${n(reason.limit)} fichiers, dossiers et liens, le plus qu’une installation copie`;
    case 'nestedTooDeep':
      return `${reason.value} est à ${n(reason.depth)} dossiers de profondeur${nb}; une installation en copie ${n(reason.limit)} au plus`;
    case 'specialFile':
      return `${reason.value} est ${specialWords[reason.kind]}${nb}; le dossier d’un outil ne peut contenir que des fichiers, des dossiers et des liens symboliques`;
    case 'tooManyFolderBytes':
      return `ses fichiers font plus de ${n(reason.gib)}${nb}Gio (${countIn('fr', reason.limit, 'octet', 'octets')}), le plus qu’une installation copie`;
    case 'changedWhileCopied':
      return `${reason.value} a changé pendant la copie${nb}; déposez le dossier à nouveau`;
    case 'notCopied':
      return `${reason.value} n’a pas pu être copié (${reason.detail})`;
    default:
      return undefined;
  }
}

/** A problem line in French: its field, then its reason; the host's English line when the reason is not known here. */
export function problemFr(problem: Problem): string {
  const reason = problem.reason && problemReasonFr(problem.reason);
  if (reason === undefined || problem.field === undefined) return problem.text;
  return `${problem.field}${nb}: ${reason}${problem.inInstalledCopy ? ' (dans la copie installée)' : ''}`;
}
