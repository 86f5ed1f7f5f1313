/** The German texts of the printed kit (poster, stand list, stand map). */
export const PRINT_TEXTS = {
  posterKicker: 'FLOHMARKT',
  cancelled: 'ABGESAGT',
  allStandsOn: 'Alle Stände auf',
  scanHint: 'Code scannen: Standplan, Stände und Neuigkeiten zum Markt.',
  standListTitle: 'Standliste',
  standMapTitle: 'Standplan',
  columnNumber: 'Nr.',
  columnAddress: 'Adresse',
  columnCategories: 'Kategorien',
  columnDescription: 'Beschreibung',
  empty: '–',
  withoutAddress: 'Ohne Adresse',
  noStands: 'Noch keine freigegebenen Stände.',
  noPositions: 'Noch kein Stand hat einen Standort angegeben.',
  legend: 'Legende',
  withoutPosition: (n: number) => (n === 1 ? '1 Stand ohne Standort ist nur in der Liste.' : `${n} Stände ohne Standort sind nur in der Liste.`),
  standCount: (n: number) => (n === 1 ? '1 Stand' : `${n} Stände`),
  north: 'N',
  tileAttribution: 'Karte: © OpenStreetMap-Mitwirkende (ODbL)',
  plainFrame: 'Ohne Kartenhintergrund: Kartenkacheln waren nicht erreichbar.',
  printedAt: (when: string) => `Stand: ${when}`,
  page: (n: number) => `Seite ${n}`,
  cancelledBecause: (reason: string) => `Grund: ${reason}`,
} as const;

/** The file names of the downloads (ASCII, so every browser keeps them). */
export const PRINT_FILES = {
  poster: 'plakat',
  standList: 'standliste',
  standMap: 'standplan',
} as const;
