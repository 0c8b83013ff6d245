// The host's reasons (ReasonCode) in French; undefined for a code this window does not know.
// French puts a narrow no-break space before : ; ? ! and inside « ».
import type { ExitReasonCode, ReasonCode } from '../../src-shared/host-api';
import type { GivenFileProblem } from '../../src-shared/plugin-api';
import { countIn } from '../../src-shared/plural';
import { problemFr } from './problem-reasons-fr';
import type { Noun } from '../../src-shared/reasons-en';

const nb = '\u202f';
const quote = (value: string) => `«${nb}${value}${nb}»`;
const UNFLUSHED_FR =
  'la cause habituelle est une sortie jamais vidée (print de Python sans flush=True, ou tout programme dont la sortie standard passe par un tampon, comme quand elle est un tube)';
const count = (n: number) => n.toLocaleString('fr');

/** The tool or the plugin, with its article: « l’outil », « le plugin ». */
export const theFr = (noun: Noun): string => (noun === 'plugin' ? 'le plugin' : 'l’outil');
/** « à l’outil », « au plugin ». */
const toTheFr = (noun: Noun): string => (noun === 'plugin' ? 'au plugin' : 'à l’outil');

/** « 1 minute », « 3 minutes », « 10 secondes », « 0,5 seconde ». */
export function durationFr(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return countIn('fr', seconds / 60, 'minute', 'minutes');
  return countIn('fr', seconds, 'seconde', 'secondes');
}

export function exitFr(exit: ExitReasonCode): string | undefined {
  if (exit.code === 'signal') return `il a été arrêté par ${exit.signal}`;
  if (exit.code === 'exited') return exit.exitCode === null ? 'il s’est arrêté' : `il s’est arrêté avec le code ${exit.exitCode}`;
  if (exit.code === 'trapped') return 'il s’est interrompu (trap)';
  return undefined;
}

/** Ce qui ne va pas dans un chemin donné à un plugin. */
export function givenFileFr(problem: GivenFileProblem): string | undefined {
  switch (problem.code) {
    case 'relativePath':
      return `le chemin ne part pas de la racine du disque (comme /Users/vous/notes.txt)${nb}; donnez le chemin entier`;
    case 'missing':
      return 'aucun fichier n’est à ce chemin';
    case 'folder':
      return `c’est un dossier${nb}; donnez les fichiers qu’il contient`;
    case 'notAFile':
      return 'ce n’est pas un fichier ordinaire (un périphérique, un tube ou une socket)';
    case 'unreadable':
      return `il ne peut pas être lu (${problem.reason})`;
    case 'noAnswer':
      return `il n’a pas répondu en ${problem.seconds} s (un disque ou un partage réseau qui ne répond plus${nb}?)`;
    default:
      return undefined;
  }
}

const kinds: Record<string, string> = {
  text: 'il faut du texte',
  secret: 'il faut du texte',
  boolean: 'il faut oui ou non',
  number: 'il faut un nombre',
};

export function reasonFr(reason: ReasonCode, noun: Noun = 'tool'): string | undefined {
  const the = theFr(noun);
  switch (reason.code) {
    case 'exited':
    case 'signal':
    case 'trapped':
      return exitFr(reason);
    case 'crashedTooOften': {
      const last = exitFr(reason.last);
      return (
        last &&
        `il a planté ${reason.crashes} fois en ${durationFr(reason.seconds)} (la dernière${nb}: ${last})${nb}; il reste arrêté jusqu’à ce que vous le redémarriez`
      );
    }
    case 'couldNotStart':
      return `impossible de lancer ${reason.program}${nb}: ${reason.problem}`;
    case 'initializeTimeout':
      return `il n’a pas répondu à initialize en ${durationFr(reason.seconds)}${reason.silent ? `, et n’a rien écrit sur sa sortie${nb}: ${UNFLUSHED_FR}` : ''}`;
    case 'initializeFailed':
      return `il a échoué à initialize${nb}: ${reason.message} (${reason.errorCode})`;
    case 'protocolMissing':
      return 'il a répondu à initialize sans dire quelle version du protocole il a choisie';
    case 'protocolNotOffered':
      return `il a choisi le protocole ${reason.picked}, mais l’app ne propose que ${reason.offered.join(', ')}`;
    case 'apiMissing':
      return 'le plugin a répondu à initialize sans dire quelle api il parle';
    case 'apiNotSpoken':
      return `le plugin parle l’api ${reason.picked}, mais l’app ne parle que ${reason.spoken}`;
    case 'refused': {
      const { field, reason: why } = reason;
      const problem = field === undefined || why === undefined ? reason.problem : problemFr({ text: reason.problem, field, reason: why });
      return `le dossier a été refusé${nb}: ${problem}`;
    }
    case 'notInstalled':
      return `aucun ${noun === 'plugin' ? 'plugin' : 'outil'} ${quote(reason.toolId)} n’est installé`;
    case 'unknownCommand':
      return `${the} n’a pas de commande ${quote(reason.command)}`;
    case 'notRunnable':
      return `${the} ne propose pas cette commande pour l’instant`;
    case 'notRunning':
      return `${the} n’est pas en marche`;
    case 'stopping':
      return `${the} est en train de s’arrêter`;
    case 'restarting': {
      const after = reason.after && reasonFr(reason.after, noun);
      return after ? `${the} redémarre après un plantage (${after})` : `${the} redémarre après un plantage`;
    }
    case 'stoppedBeforeAnswer':
      return `${the} a été arrêté avant de répondre`;
    case 'linkBroken':
      return `le lien avec ${the} s’est rompu`;
    case 'notStarted':
      return `${the} n’a pas démarré`;
    case 'fileNotGiven': {
      const why = givenFileFr(reason.problem);
      return why && `${reason.path} n’a pas été donné ${toTheFr(noun)}${nb}: ${why}`;
    }
    case 'unknownPreference':
      return `${the} n’a pas de préférence ${quote(reason.id)}`;
    case 'untitledPreference':
      return `la préférence ${quote(reason.id)} est propre ${toTheFr(noun)} et ne se change pas ici`;
    case 'tooLong':
      return `trop long${nb}: ${countIn('fr', reason.chars, 'caractère', 'caractères')}, ${count(reason.max)} au plus`;
    case 'kind':
      return kinds[reason.kind];
    case 'notAnOption':
      return `ce n’est pas une des options ${reason.options.map(quote).join(', ')}`;
    case 'belowMinimum':
      return `il faut ${count(reason.minimum)} ou plus`;
    case 'aboveMaximum':
      return `il faut ${count(reason.maximum)} ou moins`;
    case 'notWhole':
      return 'il faut un nombre entier';
    case 'notUrl':
      return 'il faut un lien comme https://example.com (http, https ou mailto)';
    default:
      return undefined;
  }
}
