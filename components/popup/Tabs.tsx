import type { ComponentChildren, TargetedKeyboardEvent } from 'preact';
import { useId, useRef } from 'preact/hooks';

export interface Tab<K extends string> {
  key: K;
  label: string;
}

/** ARIA tabs: arrow keys, Home and End move between tabs; Tab goes into the panel. */
export function Tabs<K extends string>({ tabs, selected, onSelect, label, children }: { tabs: Tab<K>[]; selected: K; onSelect: (key: K) => void; label: string; children: ComponentChildren }) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const focusTab = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onSelect(tab.key);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${id}-${tab.key}`)}`)?.focus();
  };
  const onKeyDown = (event: TargetedKeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusTab(next);
  };
  return (
    <>
      <div class="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div class="panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
