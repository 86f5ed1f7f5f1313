// The category lists without zod: the web app's pages read them without loading the schemas (issue 21).

// The three category lists are fixed enumerations (docs/product.md#categories). Stored stands
// and filters depend on the exact spelling, so they are copied verbatim,
// including the spelling 'Blue-Rays' and the lower-case 'sonstige Speisen'.

export const STAND_CATEGORIES = [
  'Kleidung',
  'Kinderkleidung',
  'Mädchen',
  'Jungen',
  'Schuhe',
  'Taschen & Rucksäcke',
  'Schmuck & Uhren',
  'Spielzeug',
  'Kinderspielzeug',
  'Gesellschaftsspiele',
  'Bücher',
  'Zeitschriften',
  'CDs',
  'DVDs',
  'Blue-Rays',
  'Schallplatten',
  'Videospiele & Konsolen',
  'Elektronik',
  'Haushaltswaren',
  'Deko',
  'Möbel',
  'Garten',
  'Werkzeug',
  'Sport',
  'Musikinstrumente',
  'Antiquitäten',
  'Vintage',
  'Handwerk',
  'Kunst',
  'Modellbau',
  'Münzen & Briefmarken',
  'Autozubehör',
  'Fahrradzubehör',
  'Tierbedarf',
  'Verschiedenes',
] as const;

export const FOOD_CATEGORIES = [
  'Waffeln',
  'Kuchen',
  'Süßigkeiten',
  'Zuckerwatte',
  'Popcorn',
  'Eis',
  'Grill',
  'Kaltgetränke',
  'Heißgetränke',
  'sonstige Speisen',
] as const;

export const ACTIVITY_CATEGORIES = [
  'Schminken',
  'Hüpfburg',
  'Dosenwerfen',
  'Basteln',
  'Infostand',
  'Verlosung',
  'Aufführung',
  'Rahmenprogramm',
  'weitere Aktionen',
] as const;
