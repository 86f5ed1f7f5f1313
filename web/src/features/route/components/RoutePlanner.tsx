import type { TStand } from '@flohmarkt/contracts';
import { isRoutePlanError, type TRouteMode } from '@flohmarkt/route-planner';
import { useCallback, useState, type FormEvent } from 'react';
import { AddressSearch } from '@/components/location/AddressSearch';
import { useOwnPosition } from '@/components/location/use-own-position';
import { standTitle } from '@/lib/stand-title';
import { planShownRoute, routeStops, type RouteStartChoice, type ShownRoute } from '../lib/route-plan';

type StartKind = 'position' | 'stand' | 'address';

interface RoutePlannerProps {
  stands: readonly TStand[];
  onPlanned: (route: ShownRoute) => void;
}

/** One radio of the planner's settings, its text beside it. */
function Choice({ name, checked, onChoose, label }: { name: string; checked: boolean; onChoose: () => void; label: string }) {
  return (
    <label className="route-planner__choice">
      <input type="radio" name={name} checked={checked} onChange={onChoose} /> {label}
    </label>
  );
}

/** 'Meine Runde' settings: start (own position, a stand, an address), round trip or one way, on foot or by bike. */
export function RoutePlanner({ stands, onPlanned }: RoutePlannerProps) {
  const reachable = routeStops(stands);
  const reachableStands = stands.filter((stand) => reachable.some((stop) => stop.id === stand.id));
  const [startKind, setStartKind] = useState<StartKind>('stand');
  const [startStand, setStartStand] = useState('');
  const [address, setAddress] = useState('');
  const [addressPoint, setAddressPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [loop, setLoop] = useState(true);
  const [mode, setMode] = useState<TRouteMode>('walk');
  const [error, setError] = useState<string | null>(null);

  const plan = useCallback(
    (start: RouteStartChoice) => {
      setError(null);
      try {
        onPlanned(planShownRoute(stands, start, loop, mode));
      } catch (failure) {
        setError(isRoutePlanError(failure) ? failure.message : 'Die Runde konnte nicht berechnet werden.');
      }
    },
    [stands, loop, mode, onPlanned],
  );
  const onPosition = useCallback((point: { lat: number; lng: number }) => plan({ kind: 'point', point, label: 'Mein Standort' }), [plan]);
  const position = useOwnPosition(onPosition);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reachable.length === 0) return setError('Keiner der gemerkten Stände ist heute erreichbar.');
    if (startKind === 'position') return position.locate();
    if (startKind === 'address') {
      if (!addressPoint) return setError('Bitte wähle eine Adresse aus der Liste.');
      return plan({ kind: 'point', point: addressPoint, label: address });
    }
    plan({ kind: 'stand', standId: startStand && reachable.some((stop) => stop.id === startStand) ? startStand : reachable[0]!.id });
  };

  const skipped = stands.length - reachable.length;
  return (
    <form className="route-planner" onSubmit={submit} aria-labelledby="route-planner-title">
      <h2 id="route-planner-title" className="section-title">
        Runde planen
      </h2>
      <fieldset className="route-planner__group">
        <legend>Start</legend>
        <Choice name="route-start" checked={startKind === 'stand'} onChoose={() => setStartKind('stand')} label="An einem Stand" />
        <Choice name="route-start" checked={startKind === 'position'} onChoose={() => setStartKind('position')} label="Mein Standort" />
        <Choice name="route-start" checked={startKind === 'address'} onChoose={() => setStartKind('address')} label="Eine Adresse" />
        {startKind === 'stand' ? (
          <label className="route-planner__field">
            Start-Stand
            <select className="input" value={startStand} onChange={(e) => setStartStand(e.target.value)}>
              <option value="">Egal – der, mit dem die Runde am kürzesten ist</option>
              {reachableStands.map((stand) => (
                <option key={stand.id} value={stand.id}>
                  {standTitle(stand)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {startKind === 'address' ? (
          <AddressSearch
            id="route-start-address"
            label="Adresse"
            value={address}
            onValueChange={(value) => {
              setAddress(value);
              setAddressPoint(null);
            }}
            onSelect={(result) => {
              setAddress(result.displayName);
              setAddressPoint({ lat: result.lat, lng: result.lng });
            }}
          />
        ) : null}
      </fieldset>
      <fieldset className="route-planner__group">
        <legend>Weg</legend>
        <Choice name="route-loop" checked={loop} onChoose={() => setLoop(true)} label="Rundweg (zurück zum Start)" />
        <Choice name="route-loop" checked={!loop} onChoose={() => setLoop(false)} label="Einfacher Weg" />
      </fieldset>
      <fieldset className="route-planner__group">
        <legend>Unterwegs</legend>
        <Choice name="route-mode" checked={mode === 'walk'} onChoose={() => setMode('walk')} label="Zu Fuß" />
        <Choice name="route-mode" checked={mode === 'bike'} onChoose={() => setMode('bike')} label="Mit dem Rad" />
      </fieldset>
      {skipped > 0 ? (
        <p className="muted">
          {skipped === 1
            ? '1 Stand ist geschlossen oder ohne Standort und wird ausgelassen.'
            : `${skipped} Stände sind geschlossen oder ohne Standort und werden ausgelassen.`}
        </p>
      ) : null}
      {(error ?? position.error) ? (
        <p className="notice notice--error" role="alert">
          {error ?? position.error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={position.busy}>
        {position.busy ? 'Standort wird ermittelt …' : 'Runde berechnen'}
      </button>
    </form>
  );
}
