import { z } from 'zod';

// The one message protocol between the extension's pages (popup, options, content scripts) and the
// background. Every message is validated on receipt; anything that does not parse is refused.
// Later work adds item statuses, actions, quota and sync here.

export const PingRequest = z.object({ type: z.literal('ping') });

export const Request = z.discriminatedUnion('type', [PingRequest]);
export type Request = z.infer<typeof Request>;

export const PingResponse = z.object({ ok: z.literal(true), version: z.string() });
export type PingResponse = z.infer<typeof PingResponse>;

export interface MessageSender {
  id?: string | undefined;
  url?: string | undefined;
}

/** Only our own extension (its pages and its content scripts) may talk to the background. */
export function isOwnSender(sender: MessageSender, ownId: string): boolean {
  return sender.id === ownId;
}
