import { ComboboxChevron, TextInput, type SelectProps } from '@mantine/core';
import { lazy, Suspense, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { usePreloadWhenIdle } from './LoadedWhenOpened';

const loadSelect = () => import('./MantineSelect');
// Of string values, as the stand-in shows them (Mantine's Select is generic over its values' type).
const Select = lazy(async () => ({ default: (await loadSelect()).Select as ComponentType<SelectProps> }));
/** Set once the Select's code is here: a screen mounted after that shows the real one at once. */
let selectLoaded = false;
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

interface Option {
  value: string;
  label: string;
}

export type SelectLoadedOnUseProps = Omit<SelectProps, 'data' | 'label'> & { label: string; data: readonly Option[] };

/**
 * Mantine's Select, whose code a screen's first paint does not wait for (decision 0022: ~36 KB compressed, a third of the
 * tickets screen's first load, for two filters that show their value until someone opens one). Until the code is
 * here, the same field with the value's label, read-only; it loads when the browser is idle after the screen has
 * mounted, or at once when the field is opened (click, or a key that opens a select), and then opens. A keyboard
 * focus on the stand-in moves to the Select when it takes its place.
 */
export function SelectLoadedOnUse({
  data,
  value,
  label,
  style,
  maw,
  className,
  required,
  withAsterisk,
  error,
  description,
  disabled,
  size,
  ...select
}: SelectLoadedOnUseProps) {
  // What the field looks like, the same on the stand-in and on the Select.
  const field = { label, style, maw, className, required, withAsterisk, error, description, disabled, size };
  const [loaded, setLoaded] = useState(selectLoaded);
  const [opening, setOpening] = useState(false);
  const focused = useRef(false);
  usePreloadWhenIdle(async () => {
    await loadSelect();
    selectLoaded = true;
    setLoaded(true);
  });

  const standIn = (
    <TextInput
      {...field}
      value={data.find((option) => option.value === value)?.label ?? ''}
      readOnly
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      styles={{ input: { cursor: 'pointer' } }}
      onFocus={() => (focused.current = true)}
      onBlur={() => (focused.current = false)}
      onClick={() => setOpening(true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        setOpening(true);
      }}
    />
  );
  if (!loaded && !opening) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select {...select} {...field} data={data as Option[]} value={value} defaultDropdownOpened={opening} autoFocus={opening || focused.current} />
    </Suspense>
  );
}
