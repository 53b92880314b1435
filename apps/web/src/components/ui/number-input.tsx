import type { ComponentProps } from 'react';
import { Input } from './input';

interface NumberInputProps extends Omit<ComponentProps<typeof Input>, 'type' | 'value' | 'onChange'> {
  /** NaN while the field is empty (or not a number yet), so a schema can say so. */
  value: number;
  onValueChange: (value: number) => void;
}

/** A number field whose empty state is NaN rather than 0, so clearing it is never read as a value. */
export function NumberInput({ value, onValueChange, ...props }: NumberInputProps) {
  return (
    <Input
      {...props}
      type="number"
      value={Number.isNaN(value) ? '' : value}
      onChange={(e) => onValueChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
    />
  );
}
