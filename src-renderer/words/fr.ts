import { countIn } from '../../src-shared/plural';
import { fileName, folderOf } from '../file-path';
import { hostLogFr } from './host-log-fr';
import { paletteFr } from './palette-fr';
import { pluginFr } from './plugin-fr';
import { benchFr } from './bench-fr';
import { numberIn } from './number-text';
import { previewFr } from './preview-fr';
import { problemFr } from './problem-reasons-fr';
import { reasonFr } from './reasons-fr';
import { valueText as text } from './value-text';
import type { Words } from './words';

// French puts a narrow no-break space (U+202F) before : ; ? ! and inside « ».
const quote = (value: unknown) => `«\u202f${text(value)}\u202f»`;

export const fr: Words = {
  ...previewFr,
  ...benchFr,
  appName: 'Vitruvian',
  toolsHeading: 'Outils',
  installedTools: 'Outils installés',
  filterTools: 'Filtrer les outils',
  noToolMatches: (filter) => `Aucun outil ne correspond à «\u202f${filter}\u202f».`,
  toolCount: (n) => countIn('fr', n, 'outil', 'outils'),
  count: (n, one, other) => countIn('fr', n, one, other),
  number: (value) => numberIn('fr', value),
  install: 'Installer…',
  installATool: 'Installer un outil…',
  installDialogTitle: 'Installer un outil',
  installDialogHelp:
    'Indiquez le chemin d’un dossier qui contient un outil (un manifeste vitruvian-tool.json) ou un plugin Skwir (un manifeste skwir-plugin.toml). L’app le vérifie et en garde une copie.',
  replaceQuestion: (name, installedVersion, version) => `${name} est déjà installé. Remplacer la version ${installedVersion} par la ${version}\u202f?`,
  replaceButton: 'Remplacer',
  installNeedsFullPath: (path) =>
    `«\u202f${path}\u202f» n’est pas un chemin complet\u202f: indiquez le chemin du dossier depuis la racine du disque, par exemple /Users/moi/mon-outil.`,
  toolFolder: 'Dossier de l’outil',
  toolFolderPlaceholder: '/chemin/vers/mon-outil',
  chooseFolder: 'Choisir…',
  installButton: 'Installer',
  installing: 'Installation…',
  cancel: 'Annuler',
  close: 'Fermer',
  installResult: 'Résultat de l’installation',
  installedTool: (name, version) => `${name} ${version} est installé.`,
  refusedFolder: (folder) => `Le dossier ${folder} n’a pas été installé\u202f:`,
  folderProblem: problemFr,
  dropHere: 'Déposez le dossier d’un outil ou d’un plugin pour l’installer',
  dropNeedsPath: 'Un navigateur ne peut pas dire à l’app où se trouve un dossier déposé. Collez plutôt son chemin ici.',
  noToolsTitle: 'Aucun outil pour l’instant',
  noToolsBody:
    'Faites glisser le dossier d’un outil (qui contient un vitruvian-tool.json) ou d’un plugin Skwir (un skwir-plugin.toml) sur cette fenêtre, ou choisissez Installer… et indiquez son chemin.',
  noToolsValidate: 'Vous écrivez un outil\u202f? Lancez d’abord «\u202fvitruvian-tool validate <dossier>\u202f» pour le vérifier.',
  noSelectionTitle: 'Choisissez un outil',
  noSelectionBody: 'Choisissez un outil dans la liste pour lancer ses commandes, changer ses réglages et lire son journal.',
  states: {
    idle: 'En attente',
    starting: 'Démarrage',
    running: 'En marche',
    stopping: 'Arrêt en cours',
    stopped: 'Arrêté',
    crashed: 'Planté',
    failed: 'En échec',
    refused: 'Refusé',
  },
  toolSections: 'Sections de l’outil',
  tabFiles: 'Fichiers',
  tabCommands: 'Commandes',
  tabSettings: 'Réglages',
  tabLog: 'Journal',
  tabMessages: 'Messages',
  restart: 'Redémarrer',
  stop: 'Arrêter',
  uninstallEllipsis: 'Désinstaller…',
  uninstall: 'Désinstaller',
  uninstallTitle: (name) => `Désinstaller ${name}\u202f?`,
  uninstallBody: 'L’outil est arrêté, et sa copie installée, ses données et ses réglages sont supprimés.',
  uninstallBodyInPlace: 'L’outil est arrêté et retiré de la liste, et ses données et ses réglages sont supprimés. Son dossier est gardé tel quel.',
  loadedInPlace: 'Chargé sur place',
  problemsHeading: 'Problèmes dans ce dossier',
  warningsHeading: 'Avertissements sur ce dossier',
  commandsHeading: 'Commandes',
  noCommands: 'Cet outil n’a pas de commande. Il travaille peut-être seul.',
  menubarOnly: 'Barre des menus',
  menubarOnlyNote: 'Proposée dans la barre des menus, pas dans la fenêtre. Le banc d’essai la lance aussi ici, avec ses services simulés.',
  runFromMenubar: 'Lancez-la depuis la barre des menus',
  notRunnableNow: 'Indisponible pour l’instant',
  commandsHeld: {
    stopped: 'L’outil est arrêté. Redémarrer le lance.',
    stopping: 'L’outil est en train de s’arrêter.',
    crashed: 'L’outil a planté et redémarre dans un instant.',
    failed: 'L’outil est en échec. Redémarrer le relance.',
    refused: 'Le dossier a été refusé. Une fois ses problèmes corrigés, il se recharge de lui-même.',
  },
  outcomes: {
    running: 'En cours…',
    done: 'Terminé',
    refused: 'Refusé',
    timeout: 'Pas de réponse en 60 secondes',
    crashed: 'L’outil a planté',
    unavailable: 'Indisponible',
  },
  beforeAnswer: (how) => `${how} avant de répondre`,
  reason: reasonFr,
  withDetail: (head, detail) => `${head}\u202f: ${detail}`,
  aboutHeading: 'À propos',
  fieldName: 'Nom',
  fieldVersion: 'Version',
  fieldPublisher: 'Éditeur',
  fieldDescription: 'Description',
  fieldId: 'Identifiant',
  fieldFolder: 'Dossier',
  servicesHeading: 'Services',
  servicesIntro: 'Ce que cet outil demande à l’app de faire pour lui\u202f:',
  noServices: 'Cet outil ne demande aucun service à l’app.',
  services: {
    notify: 'Afficher de courts messages à l’écran et jouer le son d’alerte',
    open: 'Ouvrir des liens dans votre navigateur ou votre messagerie',
    'clipboard.read': 'Lire le texte du presse-papiers',
    'clipboard.write': 'Mettre du texte dans le presse-papiers',
    keystrokes: 'Coller du texte et choisir des éléments de menu dans l’app au premier plan',
    processes: 'Mettre fin à des processus de cet ordinateur',
    storage: 'Garder ses réglages et de petites données',
  },
  unknownService: 'Un service que cette app ne connaît pas',
  preferencesHeading: 'Préférences',
  noPreferences: 'Cet outil n’a aucun réglage à changer.',
  secretSet: 'Défini',
  secretNotSet: 'Non défini',
  secretPlaceholderSet: 'Tapez une nouvelle valeur',
  secretPlaceholderNotSet: 'Tapez une valeur',
  removeSecret: 'Supprimer',
  saved: 'Enregistré',
  saving: 'Enregistrement…',
  notANumber: 'Saisissez un nombre.',
  noChoice: 'Aucun',
  logLines: 'Lignes du journal',
  logLevels: 'Niveaux affichés',
  levels: { error: 'Erreur', warn: 'Avertissement', info: 'Info', debug: 'Débogage' },
  sources: { tool: 'outil', stderr: 'stderr', protocol: 'protocole', host: 'app' },
  hostLog: hostLogFr,
  searchLog: 'Chercher dans le journal',
  follow: 'Suivre',
  copy: 'Copier',
  copied: 'Copié',
  clear: 'Effacer',
  emptyLog: 'Rien dans le journal pour l’instant. Les lignes de l’outil, sa sortie d’erreur et les problèmes de protocole apparaissent ici.',
  noLogMatches: 'Aucune ligne ne correspond au filtre.',
  lineCount: (shown, total) =>
    shown === total ? countIn('fr', total, 'ligne', 'lignes') : `${shown.toLocaleString('fr')} sur ${countIn('fr', total, 'ligne', 'lignes')}`,
  messageCount: (shown, total) =>
    shown === total ? countIn('fr', total, 'message', 'messages') : `${shown.toLocaleString('fr')} sur ${countIn('fr', total, 'message', 'messages')}`,
  messagesList: 'Messages entre l’app et l’outil',
  methodFilter: 'Méthode',
  allMethods: 'Toutes les méthodes',
  toTool: 'App → outil',
  fromTool: 'Outil → app',
  copyMessage: 'Copier le message',
  notUtf8: 'pas en UTF-8',
  notUtf8Note: 'Pas en UTF-8, donc pas un message\u202f: l’app y a répondu -32700. Ses octets qui ne sont pas de l’UTF-8 sont écrits \\xNN.',
  noMessageMatches: 'Aucun message ne correspond au filtre.',
  searchMessages: 'Chercher dans les messages',
  droppedMessages: (n) =>
    n < 2
      ? `${n} message plus ancien a été retiré\u202f: l’app garde les plus récents.`
      : `${n.toLocaleString('fr')} messages plus anciens ont été retirés\u202f: l’app garde les plus récents.`,
  answerTook: (ms) => `${ms.toLocaleString('fr')}\u00a0ms`,
  noAnswerYet: 'pas encore de réponse',
  requestNotListed: 'requête absente',
  requestNotListedNote: 'La requête à laquelle ceci répond n’est pas dans la liste\u202f: retirée avec les messages plus anciens, ou jamais envoyée.',
  requestHeading: 'Requête',
  answerHeading: 'Réponse',
  copyExchange: 'Copier la requête et la réponse',
  emptyTrace: 'Aucun message pour l’instant. Chaque message entre l’app et cet outil apparaît ici, dans les deux sens.',
  simulatedServices: 'Services simulés',
  simulatedIntro: 'Dans le banc d’essai, les services sont notés ici au lieu d’être rendus.',
  noServiceCalls: 'Aucun appel de service pour l’instant. Quand un outil demande un service à l’app, il est listé ici.',
  showPanel: 'Afficher les services simulés',
  hidePanel: 'Masquer les services simulés',
  serviceCall: (method, params, result) => {
    switch (method) {
      case 'notify/hud':
        return `Afficherait à l’écran\u202f: ${quote(params.text)}`;
      case 'notify/beep':
        return 'Jouerait le son d’alerte';
      case 'open/url':
        return `Ouvrirait ${text(params.url)}`;
      case 'clipboard/readText':
        if (typeof result?.text === 'string') return `A lu le presse-papiers\u202f: ${quote(result.text)}`;
        return result && 'text' in result ? 'A lu le presse-papiers\u202f: il n’y avait pas de texte' : 'A lu le presse-papiers';
      case 'clipboard/writeText':
        return `A mis dans le presse-papiers\u202f: ${quote(params.text)}`;
      case 'keystrokes/paste':
        return `Collerait\u202f: ${quote(params.text)}`;
      case 'keystrokes/pressMenuItem':
        return `Choisirait l’élément de menu ${Array.isArray(params.keys) ? params.keys.join(' ou ') : ''}`;
      case 'processes/terminate':
        return `Mettrait fin au processus ${text(params.pid)}`;
      // Le plan d’un plugin, étape par étape, noté plutôt que fait.
      case 'plan/rename':
        return `Renommerait ${text(params.from)} en ${fileName(text(params.to))}`;
      case 'plan/move':
        return `Déplacerait ${text(params.from)} dans ${folderOf(text(params.to))}`;
      case 'plan/copy':
        return `Copierait ${text(params.from)} dans ${folderOf(text(params.to))}`;
      case 'plan/trash':
        return `Mettrait ${text(params.path)} à la corbeille`;
      case 'plan/mkdir':
        return `Créerait le dossier ${text(params.path)}`;
      default:
        return `${method} ${JSON.stringify(params)}`;
    }
  },
  resizePanel: 'Redimensionner les services simulés',
  clipboardField: 'Presse-papiers',
  clipboardPut: 'Mettre dans le presse-papiers',
  clipboardPutting: 'En cours…',
  clipboardEmpty: 'Rien dans le presse-papiers',
  toastsLabel: 'Affiché à l’écran',
  alertSound: '♪ Le son d’alerte',
  dismiss: 'Fermer',
  clipboardHolds: (text) => (text === '' ? 'Le presse-papiers contient un texte vide.' : `Le presse-papiers contient ${quote(text)}.`),
  plugin: pluginFr,
  palette: paletteFr,
  language: 'Langue',
  connectionFailed: 'La fenêtre n’a pas pu joindre l’app.',
  reconnecting: 'Le lien avec l’app est coupé. Reconnexion…',
  connectionClosed: 'Le lien avec l’app est fermé. Rechargez la page quand l’app tourne de nouveau.',
  loadFailed: (problem) => `Impossible de charger les outils\u202f: ${problem}`,
};
