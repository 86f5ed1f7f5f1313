import type { PopupOptions } from 'leaflet';

/**
 * Where an opened popup may sit: the map pans it clear of the zoom buttons (top right) and of the
 * count box (bottom left, "3 Stände gefunden"), both drawn above Leaflet's panes, so a popup near a
 * corner of a phone's small map is never cut or covered (the default keeps 5 px from the edge).
 */
export const POPUP_PLACEMENT: Pick<PopupOptions, 'autoPanPaddingTopLeft' | 'autoPanPaddingBottomRight'> = {
  autoPanPaddingTopLeft: [12, 84],
  autoPanPaddingBottomRight: [12, 88],
};
