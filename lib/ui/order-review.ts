import { signal, type ReadonlySignal } from '@preact/signals';
import { plural, t, uiLocale } from '../i18n';
import type { Ask } from './messages';
import type { OrderAddResult, OrderReview, ReviewLine } from './replies';

// The review list of an order page's comics (the extension's order page): which lines to add, the
// add itself, its progress while the write queue sends the copies, and a summary at the end. Logic
// only; components/OrderReview.tsx draws it.

export interface OrderReviewModel {
  orders: ReadonlySignal<OrderReview[] | null>;
  error: ReadonlySignal<string | null>;
  /** Lines checked for adding, by order key. */
  checked: ReadonlySignal<ReadonlyMap<string, ReadonlySet<string>>>;
  busy: ReadonlySignal<boolean>;
  /** What the last add did, in words, once it has settled (or while it waits for the quota). */
  summary: ReadonlySignal<string | null>;
  condition: ReadonlySignal<string | null>;
  load(): Promise<void>;
  toggle(key: string, lineId: string): void;
  setCondition(condition: string): void;
  add(key: string): Promise<void>;
  /** The member picked which same-named series an unmatched line's title means: match it again. */
  choose(key: string, lineId: string, seriesId: number): Promise<void>;
  stop(): void;
}

export interface OrderReviewDeps {
  ask: Ask;
  tabId: number;
  /** How often progress is read while copies wait to be sent. */
  pollMs?: number;
  now?: () => number;
}

function time(at: number): string {
  return new Date(at).toLocaleTimeString(uiLocale(), { hour: '2-digit', minute: '2-digit' });
}

/** Copies of an order's lines: added from it (settled), waiting, refused. */
export function progressOf(order: OrderReview): { done: number; waiting: number; refused: number } {
  let done = 0;
  let waiting = 0;
  let refused = 0;
  for (const line of order.lines) {
    done += line.progress?.done ?? 0;
    waiting += line.progress?.waiting ?? 0;
    refused += line.progress?.refused ?? 0;
  }
  return { done, waiting, refused };
}

/** Whether a line may be checked: matched to an issue and not added from this order before. */
export function canAdd(line: ReviewLine): boolean {
  return line.state === 'ready' || line.state === 'owned';
}

export function createOrderReviewModel(deps: OrderReviewDeps): OrderReviewModel {
  const orders = signal<OrderReview[] | null>(null);
  const error = signal<string | null>(null);
  const checked = signal<ReadonlyMap<string, ReadonlySet<string>>>(new Map());
  const busy = signal(false);
  const summary = signal<string | null>(null);
  const condition = signal<string | null>(null);
  const lastAdd = signal<{ key: string; result: OrderAddResult } | null>(null);
  let timer: ReturnType<typeof setTimeout> | null = null;

  const describe = (order: OrderReview, result: OrderAddResult): string => {
    const { done, waiting, refused } = progressOf(order);
    // Sentences of their own, one after another.
    const parts: string[] = [];
    if (waiting > 0) {
      parts.push(plural('order_review_adding', done + waiting, done));
      if (order.sendsAfter !== null && waiting > order.writesLeftThisHour) parts.push(plural('order_review_sends_later', order.writesLeftThisHour, time(order.sendsAfter)));
    } else {
      parts.push(plural('order_review_done', done));
    }
    if (refused > 0) parts.push(plural('order_review_refused', refused));
    if (result.skipped.length > 0) parts.push(plural('order_review_skipped', result.skipped.length, result.skipped.map((s) => s.reason).join(' ')));
    return parts.join(' ');
  };

  const load = async (): Promise<void> => {
    const answer = await deps.ask({ type: 'order-review', tabId: deps.tabId });
    if (!answer.ok) {
      error.value = answer.error.message;
      return;
    }
    error.value = null;
    const next = new Map(checked.value);
    for (const order of answer.value) {
      if (next.has(order.key)) continue;
      next.set(order.key, new Set(order.lines.filter((line) => line.checked).map((line) => line.lineId)));
    }
    checked.value = next;
    orders.value = answer.value;
    const added = lastAdd.value;
    const order = added ? answer.value.find((o) => o.key === added.key) : undefined;
    if (added && order) summary.value = describe(order, added.result);
    // Copies still waiting: read their progress again until they are sent.
    if (answer.value.some((o) => progressOf(o).waiting > 0)) schedule();
  };

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void load();
    }, deps.pollMs ?? 1000);
  };

  return {
    orders,
    error,
    checked,
    busy,
    summary,
    condition,
    load,
    toggle(key, lineId) {
      const next = new Map(checked.value);
      const lines = new Set(next.get(key) ?? []);
      if (lines.has(lineId)) lines.delete(lineId);
      else lines.add(lineId);
      next.set(key, lines);
      checked.value = next;
    },
    setCondition(value) {
      condition.value = value;
    },
    async choose(key, lineId, seriesId) {
      const line = orders.value?.find((o) => o.key === key)?.lines.find((l) => l.lineId === lineId);
      if (!line?.choose || busy.value) return;
      busy.value = true;
      try {
        const answer = await deps.ask({ type: 'issue-for-title', title: { ...line.choose.title, seriesId } });
        if (!answer.ok) {
          error.value = answer.error.message;
          return;
        }
        // Matched now: checked for adding, as any line that is not in the collection.
        const next = new Map(checked.value);
        next.set(key, new Set([...(next.get(key) ?? []), lineId]));
        checked.value = next;
        await load();
      } finally {
        busy.value = false;
      }
    },
    async add(key) {
      if (busy.value) return;
      const order = orders.value?.find((o) => o.key === key);
      if (!order) return;
      const wanted = order.lines.filter((line) => canAdd(line) && checked.value.get(key)?.has(line.lineId)).map((line) => line.lineId);
      busy.value = true;
      try {
        const answer = await deps.ask({ type: 'order-add', tabId: deps.tabId, key, lineIds: wanted, ...(condition.value ? { condition: condition.value } : {}) });
        if (!answer.ok) {
          error.value = answer.error.message;
          return;
        }
        lastAdd.value = { key, result: answer.value };
        // What was added is no longer checked: pressing again adds nothing more.
        const next = new Map(checked.value);
        next.set(key, new Set());
        checked.value = next;
        await load();
      } finally {
        busy.value = false;
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** Lines counted for the button: checked ones that can be added, and their copies. */
export function checkedCopies(order: OrderReview, checked: ReadonlySet<string> | undefined): { lines: number; copies: number } {
  const lines = order.lines.filter((line) => canAdd(line) && checked?.has(line.lineId));
  return { lines: lines.length, copies: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

export const formatMoney = (amount: number | null, currency: string | null): string => {
  if (amount === null) return t('order_review_price_not_shown');
  try {
    return new Intl.NumberFormat(uiLocale(), { style: 'currency', currency: currency ?? 'USD' }).format(amount);
  } catch {
    return amount.toFixed(2);
  }
};

