import { describe, expect, it } from 'vitest';
import { createAsk } from '@/lib/ui/messages';
import { checkedCopies, createOrderReviewModel } from '@/lib/ui/order-review';
import type { OrderReview, ReviewLine } from '@/lib/ui/replies';

// The review page's logic against a background that answers as lib/orders/order-desk.ts does: what is
// checked, what one press sends, and what the list says while the write quota holds copies back.

const line = (lineId: string, state: ReviewLine['state'], extra: Partial<ReviewLine> = {}): ReviewLine => ({
  lineId, title: lineId, quantity: 1, unitPrice: 3.99, priceText: '$3.99', state, checked: state === 'ready',
  match: { issueId: 1, seriesName: 'Saga', number: '1', edition: null, coverUrl: null, inferred: false },
  copies: state === 'owned' ? 1 : 0, reason: state === 'unmatched' ? 'VerseDB has no comic with this code.' : null, progress: null, variant: null, variantId: null, choose: null, ...extra,
});

const order = (lines: ReviewLine[], extra: Partial<OrderReview> = {}): OrderReview => ({
  key: 'midtowncomics.com#MC-1', store: 'midtowncomics.com', number: 'MC-1', purchasedAt: '2026-11-20', dateFromPage: true,
  currency: 'USD', discountShare: 0, lines, waiting: 0, sendsAfter: null, writesLeftThisHour: 150, storeField: 'notes', ...extra,
});

function background(reviews: OrderReview[][]) {
  const sent: unknown[] = [];
  let call = 0;
  const ask = createAsk(async (message) => {
    sent.push(message);
    const m = message as { type: string };
    if (m.type === 'order-review') return { ok: true, orders: reviews[Math.min(call++, reviews.length - 1)] };
    if (m.type === 'order-add') return { ok: true, result: { queued: 3, skipped: [] } };
    if (m.type === 'issue-for-title') return { ok: true, issueId: 77 };
    return { ok: false, error: { kind: 'malformed', message: 'no' } };
  });
  return { ask, sent };
}

describe('the order review list', () => {
  it('sends the member’s pick of a same-named series with the line’s title, then checks the line it matched', async () => {
    const title = { label: 'Batman #1', series: 'Batman', matchKey: 'batman|1|s' };
    const choices = [2011, 2016].map((year, i) => ({ seriesId: 10 + i, name: 'Batman', startYear: year, endYear: null, publisher: 'DC Comics', coverUrl: null, collected: false, issueCount: null, volume: null }));
    const asking = order([line('a', 'unmatched', { match: null, choose: { title, choices } })]);
    const matched = order([line('a', 'ready', { match: { issueId: 77, seriesName: 'Batman', number: '1', edition: null, coverUrl: null, inferred: false } })]);
    const { ask, sent } = background([[asking], [matched]]);
    const model = createOrderReviewModel({ ask, tabId: 4, pollMs: 5 });
    await model.load();
    await model.choose(asking.key, 'a', 11);
    expect(sent.find((m) => (m as { type: string }).type === 'issue-for-title')).toEqual({ type: 'issue-for-title', title: { ...title, seriesId: 11 } });
    expect(model.orders.value?.[0]?.lines[0]?.state).toBe('ready');
    expect(checkedCopies(matched, model.checked.value.get(matched.key))).toEqual({ lines: 1, copies: 1 });
    model.stop();
  });

  it('checks what is matched and not owned; one press sends those lines and nothing else', async () => {
    const first = order([line('a', 'ready', { quantity: 2 }), line('b', 'owned'), line('c', 'unmatched'), line('d', 'ready')]);
    const { ask, sent } = background([[first], [first]]);
    const model = createOrderReviewModel({ ask, tabId: 4, pollMs: 5 });
    await model.load();
    expect(checkedCopies(first, model.checked.value.get(first.key))).toEqual({ lines: 2, copies: 3 });
    model.toggle(first.key, 'b');
    model.setCondition('VF');
    await model.add(first.key);
    expect(sent.find((m) => (m as { type: string }).type === 'order-add')).toEqual({
      type: 'order-add', tabId: 4, key: first.key, lineIds: ['a', 'b', 'd'], condition: 'VF',
    });
    // Pressed: nothing stays checked, so a second press sends no line.
    expect(model.checked.value.get(first.key)?.size).toBe(0);
    model.stop();
  });

  it('says how many copies can go this hour and when the rest will be sent, then that they are in', async () => {
    const resets = Date.parse('2026-11-24T13:00:00');
    const added = (done: number, waiting: number) => line('a', 'added', { quantity: 9, progress: { done, waiting, refused: 0, lastError: null } });
    const { ask } = background([
      [order([line('a', 'ready', { quantity: 9 })])],
      [order([added(0, 9)], { waiting: 9, writesLeftThisHour: 4, sendsAfter: resets })],
      [order([added(4, 5)], { waiting: 5, writesLeftThisHour: 0, sendsAfter: resets })],
      [order([added(9, 0)])],
    ]);
    const model = createOrderReviewModel({ ask, tabId: 4, pollMs: 5 });
    await model.load();
    await model.add('midtowncomics.com#MC-1');
    expect(model.summary.value).toMatch(/^Adding: 0 of 9 copies are in your VerseDB collection\. 4 can go this hour; the rest will be sent after /);
    await expect.poll(() => model.summary.value).toBe('Done: 9 copies from this order are in your VerseDB collection.');
    model.stop();
  });

  it('shows the background’s refusal in words', async () => {
    const ask = createAsk(async () => ({ ok: false, error: { kind: 'unauthenticated', message: 'Sign in to VerseDB in Longbox’s options.' } }));
    const model = createOrderReviewModel({ ask, tabId: 4 });
    await model.load();
    expect(model.error.value).toBe('Sign in to VerseDB in Longbox’s options.');
    expect(model.orders.value).toBeNull();
  });
});
