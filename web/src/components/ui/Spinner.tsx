/** A loading indicator with a text for screen readers. */
export function Spinner({ label = 'Wird geladen …' }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The spinner of a page that is still loading its data or its code. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  );
}
