import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CARD_HEADER } from './landing-ui';

type Mode = 'signin' | 'register';

// The classes of the shared Tabs trigger, which the landing chunk may not import (decision 005).
const TAB_CLASS =
  'inline-flex h-10 items-center justify-center rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

const TABS: { value: Mode; label: string }[] = [
  { value: 'signin', label: 'Sign In' },
  { value: 'register', label: 'Register' },
];

/**
 * The WAI-ARIA tabs pattern with automatic activation, as the Radix tabs elsewhere in the app:
 * arrow keys, Home and End move between the tabs; only the selected panel's content is mounted.
 */
export function AuthTabs({ signIn, register }: { signIn: ReactNode; register: ReactNode }) {
  const [mode, setMode] = useState<Mode>('signin');
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<Mode, HTMLButtonElement | null>>>({});
  const tabId = (value: Mode) => `${baseId}-tab-${value}`;
  const panelId = (value: Mode) => `${baseId}-panel-${value}`;

  const select = (value: Mode) => {
    setMode(value);
    tabRefs.current[value]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.value === mode);
    const last = TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[target]!.value);
  };

  return (
    <>
      <div className={CARD_HEADER}>
        <div
          role="tablist"
          aria-label="Sign in or register"
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-100 p-1"
        >
          {TABS.map((tab) => {
            const selected = tab.value === mode;
            return (
              <button
                key={tab.value}
                ref={(el) => {
                  tabRefs.current[tab.value] = el;
                }}
                type="button"
                role="tab"
                id={tabId(tab.value)}
                aria-selected={selected}
                aria-controls={panelId(tab.value)}
                data-state={selected ? 'active' : 'inactive'}
                tabIndex={selected ? 0 : -1}
                onClick={() => setMode(tab.value)}
                className={TAB_CLASS}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      {TABS.map((tab) => {
        const selected = tab.value === mode;
        return (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={tabId(tab.value)}
            data-state={selected ? 'active' : 'inactive'}
            hidden={!selected}
            tabIndex={0}
            className="rounded-xl"
          >
            {selected ? (tab.value === 'signin' ? signIn : register) : null}
          </div>
        );
      })}
    </>
  );
}
