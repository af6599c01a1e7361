import { useEffect } from 'preact/hooks';
import { canAdd, checkedCopies, formatMoney, type OrderReviewModel } from '@/lib/ui/order-review';
import type { OrderReview as Order, ReviewLine } from '@/lib/ui/replies';
import { choiceName } from '@/lib/items';
import { Cover } from './shared/Cover';

const CONDITIONS = ['MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-', 'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR'];

/** The review list of the comics an order page shows: check, then add them to the collection in one go. */
export function OrderReview({ model, defaultCondition }: { model: OrderReviewModel; defaultCondition: string }) {
  useEffect(() => {
    void model.load();
    return () => model.stop();
  }, [model]);
  const orders = model.orders.value;
  const error = model.error.value;
  return (
    <main class="order-review">
      <h1>Add an order to your VerseDB collection</h1>
      {error && (
        <p class="problem" role="alert" data-testid="order-error">
          {error}
        </p>
      )}
      {orders === null && !error && <p class="muted">Matching the order’s comics with VerseDB…</p>}
      {orders !== null && orders.length === 0 && (
        <p class="empty" data-testid="order-none">
          Longbox no longer has this order: open the store’s order page again and press its banner.
        </p>
      )}
      {orders?.map((order) => (
        <OrderSection key={order.key} order={order} model={model} defaultCondition={defaultCondition} />
      ))}
    </main>
  );
}

function OrderSection({ order, model, defaultCondition }: { order: Order; model: OrderReviewModel; defaultCondition: string }) {
  const checked = model.checked.value.get(order.key);
  const { lines, copies } = checkedCopies(order, checked);
  const busy = model.busy.value;
  const summary = model.summary.value;
  return (
    <section class="order" data-testid="order" data-order-key={order.key}>
      <h2>
        {order.store}
        {order.number ? `, order ${order.number}` : ''}
      </h2>
      <p class="muted">
        Bought {order.purchasedAt}
        {order.dateFromPage ? '' : ' (the page gives no date: today)'}
        {order.discountShare > 0 ? `; prices after the order’s discount (${Math.round(order.discountShare * 100)}% off)` : ''}. The store goes in the copies’{' '}
        {order.storeField === 'purchase_store' ? 'purchase store' : 'notes'}.
      </p>
      <label class="condition">
        Condition{' '}
        <select
          data-testid="order-condition"
          value={model.condition.value ?? defaultCondition}
          onChange={(event) => model.setCondition((event.currentTarget as HTMLSelectElement).value)}
        >
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <table class="order-lines">
        <thead>
          <tr>
            <th />
            <th>Comic</th>
            <th>VerseDB issue</th>
            <th>Qty</th>
            <th>Paid each</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <LineRow
              key={line.lineId}
              line={line}
              order={order}
              checked={checked?.has(line.lineId) ?? false}
              busy={busy}
              onToggle={() => model.toggle(order.key, line.lineId)}
              onChoose={(seriesId) => void model.choose(order.key, line.lineId, seriesId)}
            />
          ))}
        </tbody>
      </table>
      <p>
        <button type="button" data-testid="order-add" disabled={busy || lines === 0} onClick={() => void model.add(order.key)}>
          {busy ? 'Adding…' : `Add ${copies} ${copies === 1 ? 'copy' : 'copies'} to my collection`}
        </button>
      </p>
      {summary && (
        <p class="summary" role="status" data-testid="order-summary">
          {summary}
        </p>
      )}
    </section>
  );
}

interface LineRowProps {
  line: ReviewLine;
  order: Order;
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
  onChoose: (seriesId: number) => void;
}

function LineRow({ line, order, checked, busy, onToggle, onChoose }: LineRowProps) {
  const match = line.match;
  const issue = match ? `${match.seriesName ?? '?'}${match.number ? ` #${match.number}` : ''}${match.edition ? ` · ${match.edition}` : ''}` : '—';
  return (
    <tr data-testid="order-line" data-state={line.state} data-line-id={line.lineId}>
      <td>
        <input type="checkbox" aria-label={`Add ${line.title ?? 'this comic'}`} checked={checked && canAdd(line)} disabled={!canAdd(line)} onChange={onToggle} />
      </td>
      <td>{line.title ?? '(no title)'}</td>
      <td>
        {issue}
        {line.variant && (
          <small class="variant" data-testid="order-variant">
            {line.variantId ? `${line.variant}: added as VerseDB’s variant.` : `VerseDB names no variant here: “${line.variant}” goes in the copy’s notes.`}
          </small>
        )}
      </td>
      <td>{line.quantity}</td>
      <td data-testid="order-price">{formatMoney(line.unitPrice, order.currency)}</td>
      <td class="why">
        {lineStatus(line)}
        {line.choose && (
          <span role="group" aria-label="Which series?" class="choices" data-testid="order-choices">
            {line.choose.choices.map((choice) => (
              <button type="button" class="choice" key={choice.seriesId} disabled={busy} onClick={() => onChoose(choice.seriesId)}>
                <Cover url={choice.coverUrl} />
                {choiceName(choice)}
              </button>
            ))}
          </span>
        )}
      </td>
    </tr>
  );
}

function lineStatus(line: ReviewLine): string {
  switch (line.state) {
    case 'ready':
      return 'Not in your collection';
    case 'owned':
      return `You own ${line.copies === 1 ? 'a copy' : `${line.copies} copies`} already; check it to add another`;
    case 'unmatched':
      return line.reason ?? 'Longbox cannot tell which issue this is';
    case 'added': {
      const p = line.progress;
      if (!p) return 'Added from this order';
      if (p.waiting > 0) return `Adding: ${p.done} of ${p.done + p.waiting + p.refused} sent${p.lastError ? ` (${p.lastError})` : ''}`;
      return p.refused > 0 ? `Added ${p.done}; VerseDB refused ${p.refused}` : `Added from this order (${p.done} ${p.done === 1 ? 'copy' : 'copies'})`;
    }
  }
}
