// The host's reasons (ReasonCode) in French; undefined for a code this window does not know.
// French puts a narrow no-break space before : ; ? ! and inside « ».
import type { ExitReasonCode, ReasonCode } from '../../src-shared/host-api';
import { countIn } from '../../src-shared/plural';

const nb = '\u202f';
const quote = (value: string) => `«${nb}${value}${nb}»`;
const count = (n: number) => n.toLocaleString('fr');

/** « 1 minute », « 3 minutes », « 10 secondes », « 0,5 seconde ». */
export function durationFr(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return countIn('fr', seconds / 60, 'minute', 'minutes');
  return countIn('fr', seconds, 'seconde', 'secondes');
}

export function exitFr(exit: ExitReasonCode): string | undefined {
  if (exit.code === 'signal') return `il a été arrêté par ${exit.signal}`;
  if (exit.code === 'exited') return exit.exitCode === null ? 'il s’est arrêté' : `il s’est arrêté avec le code ${exit.exitCode}`;
  return undefined;
}

const kinds: Record<string, string> = {
  text: 'il faut du texte',
  secret: 'il faut du texte',
  boolean: 'il faut oui ou non',
  number: 'il faut un nombre',
};

export function reasonFr(reason: ReasonCode): string | undefined {
  switch (reason.code) {
    case 'exited':
    case 'signal':
      return exitFr(reason);
    case 'crashedTooOften': {
      const last = exitFr(reason.last);
      return last && `il a planté ${reason.crashes} fois en ${durationFr(reason.seconds)} (la dernière${nb}: ${last})${nb}; il reste arrêté jusqu’à ce que vous le redémarriez`;
    }
    case 'couldNotStart':
      return `impossible de lancer ${reason.program}${nb}: ${reason.problem}`;
    case 'initializeTimeout':
      return `il n’a pas répondu à initialize en ${durationFr(reason.seconds)}`;
    case 'initializeFailed':
      return `il a échoué à initialize${nb}: ${reason.message} (${reason.errorCode})`;
    case 'protocolMissing':
      return 'il a répondu à initialize sans dire quelle version du protocole il a choisie';
    case 'protocolNotOffered':
      return `il a choisi le protocole ${reason.picked}, mais l’app ne propose que ${reason.offered.join(', ')}`;
    case 'refused':
      return `le dossier a été refusé${nb}: ${reason.problem}`;
    case 'notInstalled':
      return `aucun outil ${quote(reason.toolId)} n’est installé`;
    case 'unknownCommand':
      return `l’outil n’a pas de commande ${quote(reason.command)}`;
    case 'notRunnable':
      return 'l’outil ne propose pas cette commande pour l’instant';
    case 'notRunning':
      return 'l’outil n’est pas en marche';
    case 'stopping':
      return 'l’outil est en train de s’arrêter';
    case 'restarting': {
      const after = reason.after && reasonFr(reason.after);
      return after ? `l’outil redémarre après un plantage (${after})` : 'l’outil redémarre après un plantage';
    }
    case 'stoppedBeforeAnswer':
      return 'l’outil a été arrêté avant de répondre';
    case 'linkBroken':
      return 'le lien avec l’outil s’est rompu';
    case 'notStarted':
      return 'l’outil n’a pas démarré';
    case 'unknownPreference':
      return `l’outil n’a pas de préférence ${quote(reason.id)}`;
    case 'untitledPreference':
      return `la préférence ${quote(reason.id)} est propre à l’outil et ne se change pas ici`;
    case 'tooLong':
      return `trop long${nb}: ${countIn('fr', reason.chars, 'caractère', 'caractères')}, ${count(reason.max)} au plus`;
    case 'kind':
      return kinds[reason.kind];
    case 'notAnOption':
      return `ce n’est pas une des options ${reason.options.map(quote).join(', ')}`;
    default:
      return undefined;
  }
}
