import { MAP, type TLatLng } from '@flohmarkt/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, ZoomControl, useMapEvents } from 'react-leaflet';
import type { Map as LeafletMap } from 'leaflet';
import { MAX_ZOOM, TILE_ATTRIBUTION, TILE_URL } from '@/components/maps/lib/leaflet-setup';
import { pinIcon } from '@/components/maps/lib/markers';

export interface LocationPickerMapProps {
  value: TLatLng | null;
  onPick: (point: TLatLng) => void;
  /** Where the map starts without a selected point (e.g. the event); else MAP.defaultCenter. */
  center?: TLatLng | null;
  /** A fixed marker for orientation, e.g. the flea market itself (red). */
  reference?: { point: TLatLng; label: string } | null;
  /** Accessible name of the map region. */
  label: string;
  height?: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Said while the map still shows its default centre, which is nobody's position (issue 30, O1). */
export const CENTRE_NOT_CHOSEN_HINT =
  'Verschiebe zuerst die Karte an den richtigen Ort oder wähle eine gefundene Adresse: Die voreingestellte Kartenmitte ist kein Standort.';

function ClickToPick({ onPick, fromClick, onMoved }: { onPick: (p: TLatLng) => void; fromClick: { current: boolean }; onMoved: () => void }) {
  useMapEvents({
    click(event) {
      fromClick.current = true;
      onPick({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) });
    },
    // Dragging, the arrow keys or a found place brought into view: the centre is one somebody chose.
    moveend: onMoved,
  });
  return null;
}

/**
 * The location picker (docs/product.md#maps): a click sets the marker 'Ausgewählter Standort'.
 * Zoom 12, 15 once a location is selected; 300 px high. Keyboard users move the map with the arrow
 * keys and take its centre with the button below it.
 */
export function LocationPickerMap({ value, onPick, center, reference, label, height = MAP.pickerHeightPx }: LocationPickerMapProps) {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const fromClick = useRef(false);
  const hintId = useId();
  const start = value ?? center ?? { lat: MAP.defaultCenter[0], lng: MAP.defaultCenter[1] };
  // Without a point or a given centre the map opens on the default centre: taking that would pin the
  // market there silently, so the button waits until the map was moved.
  const [moved, setMoved] = useState(false);
  const centreChosen = Boolean(value ?? center) || moved;
  const onMoved = () => {
    const c = map?.getCenter();
    if (c && (Math.abs(c.lat - start.lat) > 1e-5 || Math.abs(c.lng - start.lng) > 1e-5)) setMoved(true);
  };

  // A point chosen elsewhere (address search, own position) is brought into view; a click only
  // zooms in when the map is still further out than the selected-location zoom.
  useEffect(() => {
    if (!map || !value) return;
    setMoved(true); // a place was found: its surroundings stay a chosen centre after the point is removed
    if (!fromClick.current || map.getZoom() < MAP.pickerZoomSelected) map.setView([value.lat, value.lng], Math.max(map.getZoom(), MAP.pickerZoomSelected));
    fromClick.current = false;
  }, [map, value]);

  const takeCentre = () => {
    if (!map || !centreChosen) return;
    const c = map.getCenter();
    fromClick.current = true;
    onPick({ lat: round(c.lat), lng: round(c.lng) });
  };

  return (
    <div className="location-picker__map">
      <div className="map-frame" style={{ height }} role="region" aria-label={label}>
        <MapContainer
          ref={setMap}
          center={[start.lat, start.lng]}
          zoom={value ? MAP.pickerZoomSelected : MAP.pickerZoom}
          maxZoom={MAX_ZOOM}
          zoomControl={false}
          scrollWheelZoom={false}
          className="map-frame__map location-picker__leaflet"
        >
          <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} maxZoom={MAX_ZOOM} />
          <ZoomControl position="topright" zoomInTitle="Hineinzoomen" zoomOutTitle="Herauszoomen" />
          <ClickToPick onPick={onPick} fromClick={fromClick} onMoved={onMoved} />
          {reference ? (
            <Marker position={[reference.point.lat, reference.point.lng]} icon={pinIcon('red')} title={reference.label} interactive>
              <Popup>
                <p className="map-popup__title">{reference.label}</p>
              </Popup>
            </Marker>
          ) : null}
          {value ? <Marker position={[value.lat, value.lng]} icon={pinIcon('green')} title="Ausgewählter Standort" alt="Ausgewählter Standort" /> : null}
        </MapContainer>
      </div>
      <button
        type="button"
        className="button button--outline button--small location-picker__centre"
        onClick={takeCentre}
        disabled={!map || !centreChosen}
        aria-describedby={centreChosen ? undefined : hintId}
      >
        Kartenmitte als Standort übernehmen
      </button>
      {centreChosen ? null : (
        <p id={hintId} className="field-hint">
          {CENTRE_NOT_CHOSEN_HINT}
        </p>
      )}
    </div>
  );
}
