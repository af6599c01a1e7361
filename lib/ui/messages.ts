import type { z } from 'zod';
import { t } from '../i18n';
import type { Request } from '../protocol';
import { ErrorReply, REPLIES, type Answer, type AskedType, type UiError } from './replies';

// The pages' one way to the background: a typed request out, a validated answer back. Nothing
// thrown: a refusal, a dead background or an answer that does not parse all come back as an error.

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UiError };
export type Send = (message: unknown) => Promise<unknown>;
export type AskRequest<T extends AskedType> = Request & { type: T };
export type Ask = <T extends AskedType>(request: AskRequest<T>) => Promise<Outcome<Answer<T>>>;

export function createAsk(send: Send): Ask {
  return async <T extends AskedType>(request: AskRequest<T>): Promise<Outcome<Answer<T>>> => {
    let reply: unknown;
    try {
      reply = await send(request);
    } catch {
      return { ok: false, error: { kind: 'internal', message: t('ui_background_silent') } };
    }
    const refused = ErrorReply.safeParse(reply);
    if (refused.success) return { ok: false, error: refused.data.error };
    const schema: z.ZodType<Answer<T>> = REPLIES[request.type];
    const parsed = schema.safeParse(reply);
    if (!parsed.success) return { ok: false, error: { kind: 'malformed', message: t('ui_background_unreadable') } };
    return { ok: true, value: parsed.data };
  };
}
