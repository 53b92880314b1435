import { UserCheck, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

interface CheckInButtonProps {
  checkedIn: boolean;
  /** Whose record: read by screen readers after "Check In" / "Undo". */
  name: string;
  pending?: boolean;
  onClick: () => void;
  className?: string;
}

/** The one big action of a row: Check In (green), or Undo once the person is in. */
export function CheckInButton({ checkedIn, name, pending = false, onClick, className }: CheckInButtonProps) {
  return (
    <Button
      size="lg"
      variant={checkedIn ? 'secondary' : 'default'}
      disabled={pending}
      aria-busy={pending}
      onClick={onClick}
      className={cn(
        'min-w-32',
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
