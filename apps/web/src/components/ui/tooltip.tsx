import { createContext, useContext, useEffect, type FocusEvent, type ReactNode } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { Button, type ButtonProps } from './button';

/** A pointer resting on a control waits this long before its tooltip opens. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** Within this long of one tooltip closing, the next opens at once. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastKeyWasTab = false;
let listening = false;

/**
 * Tooltips open on focus only when Tab brought it. A dialog that focuses its first control, or
 * focus handed back after Escape closed a dialog, would otherwise open one, and the next Escape
 * would close that tooltip instead of the dialog the person meant to leave.
 */
function listenForTab() {
  if (listening) return;
  listening = true;
  document.addEventListener('keydown', (event) => (lastKeyWasTab = event.key === 'Tab'), true);
  document.addEventListener('pointerdown', () => (lastKeyWasTab = false), true);
}

const SharedProvider = createContext(false);

/**
 * Mounted once around the app, so moving from one icon button to the next skips the delay.
 * The tooltip closes as the pointer leaves its button: kept open for the pointer to reach it, one
 * above a row of icon buttons covered the path to the next button, which then showed the wrong name.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  useEffect(listenForTab, []);
  return (
    <SharedProvider.Provider value>
      <TooltipPrimitive.Provider
        delayDuration={TOOLTIP_OPEN_DELAY_MS}
        skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
        disableHoverableContent
      >
        {children}
      </TooltipPrimitive.Provider>
    </SharedProvider.Provider>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'aria-label' | 'asChild' | 'title'> {
  /** The button's accessible name, and the text of its tooltip. */
  label: string;
  /** The icon (aria-hidden): the label is all a screen reader hears. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** A button showing only an icon, named by `label`, which its tooltip shows on hover and on Tab. */
export function IconButton({
  label,
  children,
  side = 'top',
  variant = 'ghost',
  size = 'icon',
  onFocus,
  ...props
}: IconButtonProps) {
  const shared = useContext(SharedProvider);
  useEffect(listenForTab, []);
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger
        asChild
        onFocus={(event: FocusEvent<HTMLButtonElement>) => {
          // Radix opens the tooltip on focus unless the event is marked handled.
          if (!lastKeyWasTab) event.preventDefault();
        }}
      >
        <Button variant={variant} size={size} aria-label={label} onFocus={onFocus} {...props}>
          {children}
        </Button>
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-[min(20rem,calc(100vw-1rem))] rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md [overflow-wrap:anywhere]"
        >
          {label}
          <TooltipPrimitive.Arrow className="fill-slate-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  // Rendered on its own (a unit test, say), the button brings a provider with the same delays.
  return shared ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
