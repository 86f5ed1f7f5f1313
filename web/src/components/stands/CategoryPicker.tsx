import { FieldText, RequiredMark, describedBy } from '@/components/form/Field';

interface CategoryPickerProps {
  id: string;
  legend: string;
  options: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  required?: boolean;
  error?: string;
  hint?: string;
}

/** One category group as checkboxes in a fieldset; its message is tied to the group. */
export function CategoryPicker({ id, legend, options, value, onChange, required, error, hint }: CategoryPickerProps) {
  const toggle = (option: string, checked: boolean) => {
    // Keep the order of the fixed list, whatever the click order.
    const next = checked ? options.filter((o) => o === option || value.includes(o)) : value.filter((o) => o !== option);
    onChange([...next]);
  };
  return (
    <fieldset id={id} className="category-picker field" aria-describedby={describedBy(id, { hint, error })} data-invalid={error ? true : undefined}>
      <legend className="field-label">
        {legend}
        <RequiredMark required={required} /> <span className="category-picker__count">({value.length} ausgewählt)</span>
      </legend>
      <FieldText id={id} kind="hint" text={hint} />
      <ul className="category-picker__options">
        {options.map((option) => (
          <li key={option}>
            <label className="category-picker__option">
              <input type="checkbox" name={id} value={option} checked={value.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />
              {option}
            </label>
          </li>
        ))}
      </ul>
      <FieldText id={id} kind="error" text={error} />
    </fieldset>
  );
}
