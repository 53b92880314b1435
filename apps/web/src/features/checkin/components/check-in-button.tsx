import { UserCheck, Undo2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

interface CheckInButtonProps {
  checkedIn: boolean;
  /** Whose record: read by screen readers after "Check In" / "Undo". */
  name: string;
  pending?: boolean;
  onClick: () => void;
  /** Rows of the list use the default size, so a page of people fits on a laptop screen. */
  size?: ButtonProps['size'];
  /**
   * A press leaves the focus where it is: tapped on a phone while typing in the search, the
   * keyboard stays up for the next name instead of closing and opening again.
   */
  keepFocus?: boolean;
  className?: string;
}

/** The one big action of a row: Check In (green), or Undo once the person is in. */
export function CheckInButton({
  checkedIn,
  name,
  pending = false,
  onClick,
  size = 'lg',
  keepFocus = false,
  className,
}: CheckInButtonProps) {
  return (
    <Button
      size={size}
      variant={checkedIn ? 'secondary' : 'default'}
      disabled={pending}
      aria-busy={pending}
      onClick={onClick}
      onMouseDown={keepFocus ? (event) => event.preventDefault() : undefined}
      className={cn(
        size === 'lg' ? 'min-w-32' : 'min-w-28 px-3',
        !checkedIn && 'bg-green-700 text-white hover:bg-green-800 focus-visible:outline-green-800',
        className,
      )}
    >
      {pending ? (
        <Spinner className="size-4" />
      ) : checkedIn ? (
        <Undo2 aria-hidden="true" />
      ) : (
        <UserCheck aria-hidden="true" />
      )}
      {checkedIn ? 'Undo' : 'Check In'}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
