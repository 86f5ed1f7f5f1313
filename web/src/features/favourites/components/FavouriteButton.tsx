import { useFavourite, type FavouriteKind } from '../api/favourites';
import '../favourites.css';

interface FavouriteButtonProps {
  kind: FavouriteKind;
  id: string;
  /** What is kept, for screen readers: 'Stand #12', the event's name. */
  label: string;
  compact?: boolean;
}

/** The heart: 'Merken' / 'Gemerkt', a toggle button (aria-pressed) that works without an account. */
export function FavouriteButton({ kind, id, label, compact = false }: FavouriteButtonProps) {
  const { on, toggle } = useFavourite(kind, id);
  const text = on ? 'Gemerkt' : 'Merken';
  return (
    <button
      type="button"
      className={`favourite-button${on ? ' favourite-button--on' : ''}${compact ? ' favourite-button--compact' : ''}`}
      aria-pressed={on}
      aria-label={`${label} merken`}
      title={on ? `${label} ist auf deiner Merkliste` : `${label} auf die Merkliste`}
      onClick={(event) => {
        // Cards are links as a whole in places; the heart must not open the page.
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 21s-7.5-4.6-9.5-9.3C1 8 3.2 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.6 0 5.8 3.5 4.3 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
      {compact ? null : <span>{text}</span>}
    </button>
  );
}
