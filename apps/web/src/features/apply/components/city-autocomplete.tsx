import { useMemo, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { citySearchQueryOptions, CITY_QUERY_MIN_LENGTH } from '../api/search-cities';
import { useDebouncedValue } from '../hooks/use-debounced-value';

export const CITY_SEARCH_DEBOUNCE_MS = 250;
export const CITY_LOOKUP_FAILED_MESSAGE =
  "We couldn't load city suggestions. Please type your city manually.";

interface CityAutocompleteProps {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Id of the element that shows the lookup-failed message (kept outside, under the field). */
  messageId: string;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

/** Travelling-from city: suggestions from GET /api/places/cities after 250 ms; free text always works. */
export function CityAutocomplete({
  value,
  onChange,
  messageId,
  'aria-describedby': describedBy,
  ...props
}: CityAutocompleteProps) {
  const q = useDebouncedValue(value.trim(), CITY_SEARCH_DEBOUNCE_MS);
  const search = useQuery(citySearchQueryOptions(q));
  const active = q.length >= CITY_QUERY_MIN_LENGTH && value.trim().length >= CITY_QUERY_MIN_LENGTH;
  const failed = active && search.isError;

  const options = useMemo<ComboboxOption[]>(() => {
    if (!active || failed || !search.data) return [];
    return search.data.map((c) => ({
      value: c.label,
      label: c.name,
      description: [c.region, c.country].filter(Boolean).join(', '),
    }));
  }, [active, failed, search.data]);

  const status = active && search.isFetching && options.length === 0 ? 'Searching cities...' : undefined;

  return (
    <>
      <Combobox
        {...props}
        value={value}
        onValueChange={onChange}
        options={options}
        listLabel="City suggestions"
        status={status}
        placeholder="City, state or country"
        autoComplete="off"
        aria-required="true"
        aria-describedby={
          [describedBy, failed ? messageId : undefined].filter(Boolean).join(' ') || undefined
        }
      />
      <p id={messageId} role="status" className="text-sm text-amber-900 empty:hidden">
        {failed ? CITY_LOOKUP_FAILED_MESSAGE : ''}
      </p>
    </>
  );
}
