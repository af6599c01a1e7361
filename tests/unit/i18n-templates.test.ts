import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber, messageTemplates, plural, t, useMessages, useTemplates, type MessageId } from '../../lib/i18n';
import { messageIdsAt, storePageWords } from '../../lib/background/store-words';
import { wordsReply } from '../../lib/content/replies';
import { stateLabel } from '../../lib/content/badge';
import { DEFAULT_LOCALE, localeNames, messagesOf } from '../shared/messages';

// A store page says its badges' words from templates sent with its settings (the browser's i18n is not
// asked on the way to its first badge): each template, filled, must say exactly what the browser would.

afterEach(() => useMessages(messagesOf(DEFAULT_LOCALE), 'en-US'));

describe('message templates', () => {
  it('say every message of every language exactly as the browser fills it, with and without substitutions', () => {
    for (const locale of localeNames()) {
      const table = messagesOf(locale);
      useMessages(table, locale, messagesOf(DEFAULT_LOCALE));
      const ids = Object.keys(messagesOf(DEFAULT_LOCALE)) as MessageId[];
      const subs = ['Saga', '3', '$5.99', 'NM', 'x', 'y', 'z', 'w', 'v'];
      const asked = ids.map((id) => [t(id), t(id, ...subs), t(id, 'one $1 dollar')]);
      const templates = messageTemplates(ids);
      useTemplates(templates);
      const said = ids.map((id) => [t(id), t(id, ...subs), t(id, 'one $1 dollar')]);
      expect(said, locale).toEqual(asked);
      // No mark is left in what is said.
      expect(said.flat().some((text) => /[\uE001-\uE009]/.test(text))).toBe(false);
    }
  });

  it('an id the templates lack is asked of the browser', () => {
    useTemplates({ state_owned: 'Mine' });
    expect(stateLabel({ state: 'owned', copies: 1, bestCondition: null })).toBe('Mine');
    expect(stateLabel({ state: 'wishlist', copies: 0, bestCondition: null })).toBe('On wishlist');
    expect(plural('badge_tip_copies', 2)).toMatch(/^2 /);
  });

  it('the store page keeps only plain ids with text, and nothing from a reply that is not one', () => {
    expect(wordsReply({ ok: true, words: { state_owned: 'Owned', 'bad id': 'x', state_wishlist: 5, badge_aria: 'x'.repeat(3000) } })).toEqual({ state_owned: 'Owned' });
    expect(wordsReply({ ok: true, words: ['Owned'] })).toEqual({});
    expect(wordsReply({ ok: false, words: { state_owned: 'Owned' } })).toEqual({});
    expect(wordsReply(null)).toEqual({});
  });
});

describe('the store page words the background sends', () => {
  it('are the badge, state, menu, action, field and content messages, read from the message file once', async () => {
    let reads = 0;
    const file = JSON.stringify(messagesOf(DEFAULT_LOCALE));
    const fetcher = (async () => {
      reads++;
      return new Response(file, { status: 200 });
    }) as typeof fetch;
    const words = await storePageWords(() => messageIdsAt('chrome-extension://x/_locales/en/messages.json', fetcher));
    await storePageWords(() => messageIdsAt('chrome-extension://x/_locales/en/messages.json', fetcher));
    expect(reads).toBe(1);
    expect(words.state_owned).toBe('Owned');
    expect(words.badge_tip_owned).toContain('\uE001');
    expect(Object.keys(words).every((id) => /^(badge|state|content|menu|action|field)_/.test(id))).toBe(true);
    expect(Object.keys(words).length).toBeGreaterThan(50);
  });

  it('a missing message file is an error the caller sees', async () => {
    await expect(messageIdsAt('chrome-extension://x/none.json', (async () => new Response('', { status: 404 })) as typeof fetch)).rejects.toThrow(/404/);
  });
});

describe('formatNumber', () => {
  it('writes small counts as Intl does, without building a number format in the languages of Latin digits', () => {
    for (const locale of ['en-US', 'de', 'fr', 'es', 'it', 'pt-BR', 'ja', 'hi', 'ar-EG', 'fa', 'bn', 'en-u-nu-arab']) {
      useMessages(messagesOf(DEFAULT_LOCALE), locale);
      for (const n of [0, 1, 2, 7, 12, 999, 1000, 1234, 1_000_000, 2.5, -3]) expect(formatNumber(n), `${locale} ${n}`).toBe(new Intl.NumberFormat(locale).format(n));
    }
  });
});
