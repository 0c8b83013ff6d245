import { countIn, isSingularFr } from '../../src-shared/plural';
import { sizeIn } from './file-size';
import type { PreviewWords } from './preview-words';

// French puts a narrow no-break space (U+202F) before : ; ? ! and inside « ».
const fileSize = (bytes: number) => sizeIn('fr', bytes);

export const previewFr: PreviewWords = {
  convertedFile: (name) => `Fichier converti ${name}`,
  readingConverted: 'Lecture du fichier converti…',
  convertedUnreadable: (problem) => `Le fichier converti n’a pas pu être lu\u202f: ${problem}`,
  convertedEmpty: 'Le fichier converti est vide.',
  convertedGone: 'Ce fichier converti n’est plus conservé. Choisissez de nouveau le fichier pour le reconvertir.',
  fileSize,
  save: 'Enregistrer',
  saveFile: (name) => `Enregistrer ${name}`,
  notShownHere: 'Ce type de fichier n’est pas affiché ici. Enregistrez-le pour l’ouvrir dans une autre app.',
  showActualSize: 'Afficher en taille réelle',
  fitToWindow: 'Ajuster à la fenêtre',
  pictureNotShown:
    'Cette image n’a pas pu être affichée\u202f: son fichier est abîmé, ou ce n’est pas une image que cette fenêtre sait lire. Enregistrez-la pour l’ouvrir dans une autre app.',
  pictureSize: (width, height) => `${width.toLocaleString('fr')} × ${height.toLocaleString('fr')} pixels`,
  zoom: 'Zoom',
  zoomIn: 'Agrandir',
  zoomOut: 'Réduire',
  fitPages: 'Ajuster',
  percent: (scale) => `${Math.round(scale * 100).toLocaleString('fr')}\u202f%`,
  textCut: (shownBytes, totalBytes) =>
    `Seul le début du fichier est affiché (${fileSize(shownBytes)} sur ${fileSize(totalBytes)}). Enregistrez-le pour tout lire.`,
  rowsCut: (shown) => `Seules les ${shown.toLocaleString('fr')} premières lignes sont affichées. Enregistrez le fichier pour toutes les voir.`,
  columnsCut: (shown, total) =>
    `Seules les ${shown.toLocaleString('fr')} premières colonnes sur ${total.toLocaleString('fr')} sont affichées. Enregistrez le fichier pour toutes les voir.`,
  notJson: (problem) => `Ce n’est pas du JSON valide (${problem})\u202f; il est affiché comme texte.`,
  markdownPicture: (description, address) => `[image${description ? `\u202f: ${description}` : ''}, non chargée\u202f: ${address}]`,
  pagesList: 'Pages',
  pageLabel: (page) => `Page ${page}`,
  pageOfCount: (page, pages) => `Page ${page.toLocaleString('fr')} sur ${pages.toLocaleString('fr')}`,
  pageNumber: 'Numéro de page',
  goToPage: 'Aller',
  countingPages: 'Décompte des pages…',
  noPages: 'Le plugin n’a aucune page à montrer pour ce fichier.',
  pagesFailed: (message) => `Le plugin n’a pas pu montrer les pages\u202f: ${message}`,
  pageFailed: (message) => `Cette page n’a pas pu être dessinée\u202f: ${message}`,
  findInPages: 'Rechercher dans les pages',
  find: 'Rechercher',
  previousMatch: 'Résultat précédent',
  nextMatch: 'Résultat suivant',
  searching: (page, pages) => `Recherche… page ${page.toLocaleString('fr')} sur ${pages.toLocaleString('fr')}`,
  matchOfCount: (match, matches) => `${match.toLocaleString('fr')} sur ${countIn('fr', matches, 'résultat', 'résultats')}`,
  noMatch: (query) => `Aucun résultat pour «\u202f${query}\u202f».`,
  pagesUnsearched: (count) =>
    isSingularFr(count)
      ? `${count.toLocaleString('fr')} page n’a pas pu être lue\u202f; la recherche l’a sautée.`
      : `${count.toLocaleString('fr')} pages n’ont pas pu être lues\u202f; la recherche les a sautées.`,
  matchesHeading: 'Résultats',
  outlineHeading: 'Sommaire',
  linkToPage: (page) => `Aller à la page ${page}`,
  openLink: (address) => `Ouvrir ${address}`,
  linkRefused: (address) => `Ce plugin ne peut pas ouvrir de liens (il n’a pas l’accès au réseau), donc ${address} reste fermé.`,
  linkNotOpened: (address) => `Les liens ne s’ouvrent pas depuis cette fenêtre\u202f: ${address}`,
};
