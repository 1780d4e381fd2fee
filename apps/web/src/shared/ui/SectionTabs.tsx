import { Tabs } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import classes from './SectionTabs.module.css';

export interface SectionTab<T extends string> {
  value: T;
  label: string;
}

/**
 * The open tab of a screen, kept in the address (`?tab=statements`) so a link, a reload and Back open it again. An
 * unknown or missing tab is the first; choosing the first leaves the address without `?tab=`.
 */
export function useTabInAddress<T extends string>(tabs: readonly SectionTab<T>[]): [T, (next: T) => void] {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const first = tabs[0]!.value;
  const tab = tabs.find((candidate) => candidate.value === requested)?.value ?? first;
  const openTab = useCallback((next: T) => setSearch(next === first ? {} : { tab: next }), [first, setSearch]);
  return [tab, openTab];
}

interface SectionTabsProps<T extends string> {
  tabs: readonly SectionTab<T>[];
  value: T;
  onChange: (next: T) => void;
  /** What the tabs choose between, for screen readers ("Billing sections"). */
  label: string;
  /** The screen's `Tabs.Panel`s (and whatever sits between the strip and them). */
  children: ReactNode;
}

/**
 * A screen's tabs in a single row at every width (decision 0035): where they do not fit (a phone), the strip scrolls
 * sideways on its own, fades at the edge that has more, and keeps the open tab in view — so the open tab's content
 * starts right below one row instead of after three or four. The tabs stay tabs (arrow keys, tab panels), at every
 * width alike.
 */
export function SectionTabs<T extends string>({ tabs, value, onChange, label, children }: SectionTabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const more = useHiddenEdges(listRef);
  useLayoutEffect(() => scrollOpenTabIntoView(listRef.current), [value]);
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as T)} keepMounted={false}>
      <Tabs.List
        ref={listRef}
        mb="lg"
        aria-label={label}
        className={classes.list}
        data-more-before={more.before || undefined}
        data-more-after={more.after || undefined}
      >
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} className={classes.tab}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {children}
    </Tabs>
  );
}

/** The width of the faded edges (SectionTabs.module.css): an open tab is kept clear of them. */
const FADE_PX = 40;

/** Scrolls the strip (only the strip, never the page) so the open tab is wholly in it, clear of the faded edges. */
function scrollOpenTabIntoView(list: HTMLElement | null) {
  const open = list?.querySelector<HTMLElement>('[aria-selected="true"]');
  if (!list || !open) return;
  const start = open.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
  const end = start + open.getBoundingClientRect().width;
  if (start - FADE_PX < list.scrollLeft) list.scrollLeft = Math.max(0, start - FADE_PX);
  else if (end + FADE_PX > list.scrollLeft + list.clientWidth) list.scrollLeft = end + FADE_PX - list.clientWidth;
}

/** Whether the strip has tabs hidden before or after what it shows, kept up to date as it scrolls or resizes. */
function useHiddenEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ before: false, after: false });
  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => {
      // A pixel of slack: zoomed layouts leave fractions.
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setEdges((previous) => (previous.before === before && previous.after === after ? previous : { before, after }));
    };
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [ref]);
  return edges;
}
