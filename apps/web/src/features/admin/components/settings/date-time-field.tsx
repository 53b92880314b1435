import { X } from 'lucide-react';
import { DATE_MAX, DATE_MIN } from '@lanyard/shared/dates';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DEFAULT_TIME } from './settings-draft';

interface DateTimeFieldProps {
  idPrefix: string;
  legend: string;
  date: string;
  time: string;
  error: string | undefined;
  onChange: (date: string, time: string) => void;
  emptyText: string;
}

export function DateTimeField({
  idPrefix,
  legend,
  date,
  time,
  error,
  onChange,
  emptyText,
}: DateTimeFieldProps) {
  const errorId = error ? `${idPrefix}-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${idPrefix}-date`}>
            <span className="sr-only">{legend} </span>Date
          </Label>
          <Input
            id={`${idPrefix}-date`}
            type="date"
            value={date}
            min={DATE_MIN}
            max={DATE_MAX}
            aria-invalid={error ? true : undefined}
            // A date chosen without a time means the end of that day.
            onChange={(e) => onChange(e.target.value, e.target.value && !time ? DEFAULT_TIME : time)}
            className="sm:w-48"
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${idPrefix}-time`}>
            <span className="sr-only">{legend} </span>Time
          </Label>
          <Input
            id={`${idPrefix}-time`}
            type="time"
            value={time}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange(date, e.target.value)}
            className="sm:w-36"
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="sm:mb-1"
          disabled={!date && !time}
          onClick={() => onChange('', '')}
          aria-label={`Clear ${legend}`}
        >
          <X aria-hidden="true" />
          Clear
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : !date && !time ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : null}
    </fieldset>
  );
}
