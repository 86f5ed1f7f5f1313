import type { OperatorDetails } from '@/lib/config';

/** The operator's name and postal address as the gateway configured them. */
export function OperatorAddress({ operator }: { operator: OperatorDetails }) {
  return (
    <address className="legal__address">
      {operator.name ? <strong>{operator.name}</strong> : null}
      {operator.addressLines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}

/** Shown instead of the operator's details while the installation has none configured. */
export function OperatorMissing() {
  return (
    <p className="notice notice--warning">
      Der Betreiber dieser Installation hat seine Angaben noch nicht hinterlegt. Sie werden über die Konfiguration des Servers gesetzt (Meta-Angaben{' '}
      <code>flohmarkt:operator-*</code>).
    </p>
  );
}
