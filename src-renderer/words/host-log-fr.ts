// The host's own log lines (HostLogCode) in French; undefined for a code this window does not know.
// What the host quotes (a refusal's reason, a plugin's message) stays in the English it was written in;
// a folder's problems are worded in French where their reason is known here.
import type { HostLogCode } from '../../src-shared/host-api';
import { countIn } from '../../src-shared/plural';
import type { Noun } from '../../src-shared/reasons-en';
import { problemFr } from './problem-reasons-fr';
import { durationFr, exitFr, reasonFr, theFr } from './reasons-fr';

const nb = '\u202f';
const loaded = { installed: 'installée depuis', loadedInPlace: 'chargée sur place depuis', reloaded: 'rechargée depuis' } as const;

export function hostLogFr(line: HostLogCode): string | undefined {
  const noun: Noun = (line as { plugin?: true } | undefined)?.plugin ? 'plugin' : 'tool';
  const the = theFr(noun);
  switch (line?.code) {
    case 'started':
      return noun === 'plugin'
        ? `démarré (pid ${line.pid}, api Skwir 1, version ${line.version})`
        : `démarré (pid ${line.pid}, protocole 1, version ${line.version})`;
    case 'stopped':
      return 'arrêté';
    case 'neededSignal':
      return `${the} ne s’est pas arrêté de lui-même en ${durationFr(line.seconds)}${nb}: il a fallu ${line.signal}`;
    case 'exitedWhenStopped': {
      const exit = exitFr(line.exit);
      return exit && `${the} a été arrêté${nb}: ${exit}`;
    }
    case 'leftoversKilled':
      return `les processus que ${the} avait laissés en marche ont été arrêtés`;
    case 'exitedIdle':
      return noun === 'plugin'
        ? `le plugin s’est arrêté de lui-même (code 0)${nb}; il redémarre au prochain appel`
        : `l’outil s’est arrêté de lui-même (code 0)${nb}; il redémarre à la prochaine commande`;
    case 'crashedRestarting': {
      const exit = exitFr(line.exit);
      return exit && `${the} a planté${nb}: ${exit}${nb}; il redémarre dans ${durationFr(line.seconds)}`;
    }
    case 'linkClosed':
      return `${the} a fermé son côté du lien sans s’arrêter${nb}; il a été arrêté`;
    case 'commandTimeout':
      return `la commande «${nb}${line.command}${nb}» n’a pas eu de réponse en ${durationFr(line.seconds)}`;
    case 'idleStopped':
      return `aucun appel depuis ${durationFr(line.seconds)}${nb}: le plugin est arrêté jusqu’au prochain appel`;
    case 'callTimeout':
      return `pas de réponse à ${line.method} en ${durationFr(line.seconds)}${nb}; l’appel a été annulé`;
    case 'callFailed':
      return `${line.method} a échoué${nb}: ${line.message}`;
    case 'transpiled':
      return `${line.file} transpilé avec ${line.transpiler} en ${line.ms.toLocaleString('fr')}${nb}ms`;
    case 'transpileChanged':
      return `${line.changed} de la transpilation de ${line.file} n’est plus tel que l’app l’a écrit${nb}: il n’a pas été exécuté, et ${line.file} est transpilé à nouveau`;
    case 'workerStarted':
      return `démarré (un thread de travail exécute ${line.file}${line.version === undefined ? '' : `, version ${line.version}`})`;
    case 'workerEndedByItself':
      return `le thread du plugin s’est arrêté de lui-même (${line.why})`;
    case 'workerReplaced':
      return line.cancelled === undefined
        ? `son thread a été arrêté${nb}; le prochain appel en démarre un nouveau`
        : `${line.cancelled} a été annulé${nb}: son thread a été arrêté${nb}; le prochain appel en démarre un nouveau`;
    case 'workerLetGo':
      return `son thread, retenu par un fichier qui ne répondait pas, ne s’est pas arrêté en ${durationFr(line.seconds)} et a été laissé${nb}: il s’arrêtera quand le fichier répondra, en fermant ses fichiers ouverts`;
    case 'trapped':
      return `le plugin s’est interrompu (trap)${nb}: ${line.message} (dans ${line.method})${nb}; le composant est instancié à nouveau pour le prochain appel`;
    case 'logsDropped':
      return `${countIn('fr', line.count, 'ligne de journal de plus', 'lignes de journal de plus')} de cet appel ont été écartées (un appel peut en écrire ${line.max.toLocaleString('fr')})`;
    case 'failed':
      return reasonFr(line.reason, noun);
    case 'loaded':
      return `version ${line.version} ${loaded[line.how]} ${line.folder}`;
    case 'folderRefused':
      return `le dossier a été refusé${nb}: ${line.problems.map(problemFr).join(`${nb}; `)}`;
    case 'serviceBroke':
      return `${line.method} a échoué dans l’app${nb}: ${line.problem}`;
    case 'requestRefused':
      return `${line.method} refusé (${line.errorCode})${nb}: ${line.reason}`;
    default:
      return undefined;
  }
}
