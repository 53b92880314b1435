import { useEffect, useMemo, useState, type Ref } from 'react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import {
  buildSchoolIndex,
  schoolLocation,
  searchSchools,
  type SchoolIndex,
  type SchoolRow,
} from '../lib/schools';

let indexPromise: Promise<SchoolIndex> | null = null;

/**
 * The built-in school list is a separate chunk (some 96 KB compressed, and indexing it is a long
 * task on a phone), fetched the first time an applicant enters a picker, not with the form.
 */
function loadSchoolIndex(): Promise<SchoolIndex> {
  indexPromise ??= import('@/assets/universities.json').then(
    (m) => buildSchoolIndex(m.default.schools as unknown as SchoolRow[]),
    (err: unknown) => {
      indexPromise = null;
      throw err;
    },
  );
  return indexPromise;
}

interface SchoolPickerProps {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

/**
 * Searchable school picker (spec §2): universities and colleges from the built-in list, 10
 * suggestions when empty and 20 when filtered, and 'Use "..."' for any other school (high schools).
 */
export function SchoolPicker({ value, onChange, ...props }: SchoolPickerProps) {
  const [index, setIndex] = useState<SchoolIndex | 'loading' | 'error'>('loading');
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadSchoolIndex().then(
      (loaded) => live && setIndex(loaded),
      () => live && setIndex('error'),
    );
    return () => {
      live = false;
    };
  }, [wanted]);

  const options = useMemo<ComboboxOption[]>(() => {
    if (typeof index === 'string') return [];
    return searchSchools(index, value).map((row) => ({
      value: row[0],
      label: row[0],
      description: schoolLocation(row),
    }));
  }, [index, value]);

  const status =
    index === 'loading'
      ? 'Loading schools...'
      : index === 'error'
        ? "The school list could not be loaded. Type your school's name."
        : value.trim()
          ? 'No matching schools.'
          : undefined;

  return (
    <Combobox
      {...props}
      value={value}
      onValueChange={onChange}
      onFocus={() => setWanted(true)}
      options={options}
      allowFreeText
      listLabel="School suggestions"
      status={status}
      placeholder="Start typing your school's name"
      autoComplete="off"
      aria-required="true"
    />
  );
}
