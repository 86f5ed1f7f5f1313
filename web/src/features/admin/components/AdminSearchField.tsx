interface AdminSearchFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above an admin list (issue 30): a visible label, the phone's search keyboard, no browser autofill. */
export function AdminSearchField({ id, label, value, onChange }: AdminSearchFieldProps) {
  return (
    <div className="admin-filter admin-filter--search">
      <label className="admin-filter__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        inputMode="search"
        autoComplete="off"
        maxLength={200}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** "1 Event gefunden", "3 Benutzer gefunden": said while a search or filter is on, read out by screen readers. */
export function AdminHits({ count, one, many }: { count: number; one: string; many: string }) {
  return (
    <p className="admin-hits muted" role="status">
      {count === 1 ? `1 ${one} gefunden` : `${count.toLocaleString('de-DE')} ${many} gefunden`}
    </p>
  );
}
