import { z } from 'zod';
import { ItemQuery } from '../items';

// An order as a store's order page shows it, and what Longbox remembers of adding it to the member's
// collection. Schemas only: the content script sends an order report, the background keeps it per tab
// and the order review page reads it, each checking it at its own boundary.

export const OrderLine = z.object({
  /** The line's identity within its order: its first code (else its title's key) and which occurrence. */
  id: z.string().min(1).max(400),
  query: ItemQuery,
  title: z.string().max(300).nullable(),
  quantity: z.number().int().min(1).max(999),
  /** What one copy cost the member: the line's own price, after the order's discount where it gives one. */
  unitPrice: z.number().min(0).max(999_999.99).nullable(),
  /** The line's price for one copy before an order-level discount. */
  listedPrice: z.number().min(0).max(999_999.99).nullable(),
  priceText: z.string().max(40).nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const Order = z.object({
  /** The store's host ("midtowncomics.com"). */
  store: z.string().min(1).max(253),
  /** The order's number as the store writes it, when it does. */
  number: z.string().max(40).nullable(),
  /** The day the order was placed (YYYY-MM-DD), when the page says. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  currency: z.string().max(3).nullable(),
  /** The share of the lines' total an order-level discount took off (0 when none). */
  discountShare: z.number().min(0).max(1),
  lines: z.array(OrderLine).min(1).max(500),
});
export type Order = z.infer<typeof Order>;

export const OrderReport = z.object({ orders: z.array(Order).min(1).max(50) });
export type OrderReport = z.infer<typeof OrderReport>;

/** FNV-1a, 32 bits, as 8 hex digits: short stable ids from an order's words. */
export function hash32(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * The key an order is remembered by: its store and number; an order with no number, by its store, date
 * and lines (the same receipt read again gives the same key).
 */
export function orderKey(order: Order): string {
  if (order.number) return `${order.store}#${order.number.toUpperCase()}`;
  const lines = order.lines.map((line) => `${line.id}x${line.quantity}@${line.listedPrice ?? ''}`).join(',');
  return `${order.store}@${order.date ?? ''}:${hash32(lines)}`;
}

/** The write id of one copy of one line: the same for the same order read again, so it is added once. */
export function orderWriteId(key: string, lineId: string, copy: number): string {
  return `order-${hash32(key)}-${hash32(`${key}|${lineId}`)}-${copy}`;
}

/** What Longbox remembers of an order it was asked to add: the copies sent, by line. */
export const OrderRecord = z.object({
  key: z.string(),
  addedAt: z.number(),
  /** Line id → the write ids of its copies. */
  lines: z.record(z.string(), z.array(z.string())),
});
export type OrderRecord = z.infer<typeof OrderRecord>;
