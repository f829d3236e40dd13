import { LANGUAGE_INFO } from '@agro/shared';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { pageLanguage } from '@/lib/i18n';

export interface TabItem {
  key: string;
  label: string;
  /** Shown after the label, inside the tab (e.g. a 'translation missing' mark). */
  mark?: ReactNode;
  /** Language of the label and the panel (e.g. a language's own name). */
  lang?: string;
  content: ReactNode;
}

interface TabsProps {
  tabs: TabItem[];
  label: string;
  /** Controlled: the selected tab (else the component keeps its own). */
  selected?: number;
  onSelect?: (index: number) => void;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move between tabs and select them. On a
 * right-to-left page the tabs run from the right, so the left arrow goes to the next one.
 */
export function Tabs({ tabs, label, selected: controlled, onSelect }: TabsProps) {
  const [own, setOwn] = useState(0);
  const selected = controlled ?? own;
  const setSelected = (i: number) => {
    setOwn(i);
    onSelect?.(i);
  };
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(selected, tabs.length - 1);

  const select = (i: number) => {
    setSelected(i);
    refs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = tabs.length - 1;
    const next = current === last ? 0 : current + 1;
    const previous = current === 0 ? last : current - 1;
    const rtl = LANGUAGE_INFO[pageLanguage()].dir === 'rtl';
    const moves: Record<string, number> = {
      ArrowRight: rtl ? previous : next,
      ArrowLeft: rtl ? next : previous,
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      select(moves[e.key]!);
    }
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex overflow-x-auto border-b border-gray-200 sm:gap-1">
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={i === current}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={i === current ? 0 : -1}
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
            className={`-mb-px shrink-0 grow border-b-2 px-2 py-3 text-sm sm:grow-0 font-semibold transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:px-5 sm:text-base ${
              i === current
                ? 'border-brand-800 text-brand-900'
                : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
            }`}
          >
            <span lang={tab.lang}>{tab.label}</span>
            {tab.mark}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={i !== current}
          tabIndex={0}
          className="py-6 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
