import { APPROXIMATE_CELL_METRES } from '@flohmarkt/contracts';

/** Metres per degree of latitude (mean; good to 1 % everywhere in Germany). */
const METRES_PER_DEGREE = 111_320;
const LATITUDE_STEP = APPROXIMATE_CELL_METRES / METRES_PER_DEGREE;

export interface CellCentre {
  latitude: string;
  longitude: string;
}

/**
 * The centre of the fixed ~200 m grid cell a position lies in. The grid never moves: rows of
 * LATITUDE_STEP from the equator, and within each row columns as wide as 200 m at the row's centre.
 * So the same stand always answers the same cell (snapped, never jittered: reading it a thousand
 * times tells nothing more than reading it once), and every stand in a cell answers the same point.
 */
export function cellCentre(latitude: number, longitude: number): CellCentre {
  const row = Math.floor(latitude / LATITUDE_STEP);
  const centreLatitude = (row + 0.5) * LATITUDE_STEP;
  const longitudeStep = LATITUDE_STEP / Math.cos((centreLatitude * Math.PI) / 180);
  const column = Math.floor(longitude / longitudeStep);
  const centreLongitude = (column + 0.5) * longitudeStep;
  // Six decimals (~0.1 m) are plenty for a cell centre and look like any other coordinate.
  return { latitude: centreLatitude.toFixed(6), longitude: centreLongitude.toFixed(6) };
}
