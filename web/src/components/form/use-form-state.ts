import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { FieldErrors } from './field-errors';
import { dropDraft, keepDraft, readDraft } from './kept-drafts';

/**
 * The state of one form: values, the message per field, and a request to move the focus to the
 * first invalid field after a failed submit (keyboard and screen-reader users land on the problem).
 * `keptAs`: a key under which the entries survive the page being left before the submit (a phone
 * dropping the tab, a reload, the sign-in and back: kept-drafts.ts); `restored` says the form started from them.
 */
export function useFormState<V extends object>(initial: V | (() => V), { keptAs }: { keptAs?: string } = {}) {
  const [draft] = useState(() => (keptAs ? readDraft<V>(keptAs) : null));
  // Dropped only once the form is on the screen: a first render thrown away by a suspending lazy
  // part would otherwise have taken the entries with it.
  useEffect(() => {
    if (keptAs && draft) dropDraft(keptAs);
  }, [keptAs, draft]);
  const [start] = useState<V>(() => (typeof initial === 'function' ? (initial as () => V)() : initial));
  const [values, setValues] = useState<V>(() => (draft ? { ...start, ...draft } : start));
  const current = useRef(values);
  current.current = values;
  // An untouched form keeps nothing: it would come back announcing entries nobody made.
  useEffect(
    () => (keptAs ? keepDraft(keptAs, () => (JSON.stringify(current.current) === JSON.stringify(start) ? null : current.current)) : undefined),
    [keptAs, start],
  );
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A changed field loses its message; it is checked again on the next submit.
    setErrorsState((current) => (current[key as string] === undefined ? current : { ...current, [key as string]: undefined }));
  }, []);

  /** Shows the messages and focuses the first invalid field. */
  const showErrors = useCallback((next: FieldErrors) => {
    setErrorsState(next);
    setFocusRequest((n) => n + 1);
  }, []);

  const clearErrors = useCallback(() => setErrorsState({}), []);

  useFocusFirstInvalid(formRef, focusRequest);

  /** A text field's id, value, change and message, for `<TextField {...field('name')} … />`: the id is the value's name. */
  const field = <K extends KeyOf<V, string>>(key: K) => ({
    id: key,
    value: values[key] as string,
    onValueChange: (value: string) => set(key, value as V[K]),
    error: errors[key],
  });

  /** The same for a checkbox or switch: `<CheckboxField {...toggle('name')} … />`. */
  const toggle = <K extends KeyOf<V, boolean>>(key: K) => ({
    id: key,
    checked: values[key] as boolean,
    onCheckedChange: (checked: boolean) => set(key, checked as V[K]),
  });

  return { values, setValues, set, errors, showErrors, clearErrors, formRef, field, toggle, restored: draft !== null };
}

/** The names of a form's values of type T. */
type KeyOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, request: number): void {
  useEffect(() => {
    if (request === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (!first) return;
    // A fieldset (category groups, location) is focused through its first control.
    const target = first.matches('input, select, textarea, button') ? first : (first.querySelector<HTMLElement>('input, select, textarea, button') ?? first);
    target.focus();
  }, [formRef, request]);
}
