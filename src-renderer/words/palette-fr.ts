import { countIn } from '../../src-shared/plural';
import type { PaletteWords } from './palette-words';

export const paletteFr: PaletteWords = {
  title: 'Palette de commandes',
  search: 'Chercher une commande',
  placeholder: 'Tapez une commande…',
  commands: 'Commandes',
  noMatch: 'Aucune commande ne correspond.',
  noCommands: 'Aucune commande à lancer\u202f: installez un outil ou un plugin.',
  of: (entry) => entry,
  held: {
    notRunnable: 'Ne peut pas être lancée maintenant\u202f: l’outil le dit',
    toolDown: 'L’outil ne tourne pas',
  },
  selection: (count) => `Les commandes des plugins agissent sur ${countIn('fr', count, 'fichier sélectionné', 'fichiers sélectionnés')}`,
  readingSelection: 'Lecture des fichiers sélectionnés…',
  noSelection: 'Aucun fichier n’est sélectionné\u202f: sélectionnez des fichiers pour voir les commandes des plugins.',
  dropOrChoose: 'Déposez des fichiers ici ou choisissez-les pour voir les commandes des plugins.',
  chooseFiles: 'Choisir des fichiers',
  permission: (problem) => `Les fichiers sélectionnés ne peuvent pas être lus\u202f: ${problem}`,
  running: 'En cours…',
  hudSaid: 'L’outil a affiché',
  valueHeading: 'La réponse',
  openHint: 'Ctrl+K ouvre la palette de commandes',
  selectionField: 'Fichiers sélectionnés, comme dans le Finder (un chemin par ligne)',
  selectionSet: 'Sélectionner',
  selectionHolds: (count) => (count === 0 ? 'Aucun fichier n’est sélectionné.' : `${countIn('fr', count, 'fichier sélectionné', 'fichiers sélectionnés')}.`),
  shortcutsHeading: 'Raccourcis',
  shortcutsHelp: 'Donnez à une commande un raccourci qui la lance depuis n’importe quelle app\u202f: placez-vous dans son champ et appuyez sur les touches.',
  shortcutFor: (command) => `Raccourci de ${command}`,
  pressShortcut: 'Appuyez sur les touches…',
  noShortcut: 'Aucun',
  removeShortcut: 'Retirer',
  shortcutSaved: 'Enregistré',
  notRegistered: 'Une autre app le tient maintenant\u202f: choisissez-en un autre',
  paletteShortcut: 'Raccourci pour ouvrir la palette de commandes',
  refusal: (refusal) => {
    switch (refusal.code) {
      case 'taken':
        return `${refusal.accelerator} est pris par le système ou une autre app\u202f: choisissez-en un autre.`;
      case 'invalid':
        return `${refusal.accelerator || 'Cela'} n’est pas un raccourci\u202f: ajoutez Ctrl, Alt ou Cmd à une touche, ou prenez une touche de fonction.`;
      case 'usedByCommand':
        return `${refusal.accelerator} est déjà le raccourci d’une autre commande.`;
      case 'notInstalled':
        return 'Cet outil n’est plus installé.';
      case 'unknownCommand':
        return 'Cet outil n’a plus cette commande.';
      case 'needed':
        return 'La palette garde un raccourci, sinon rien ne l’ouvrirait\u202f: appuyez sur un autre pour le changer.';
    }
  },
};
