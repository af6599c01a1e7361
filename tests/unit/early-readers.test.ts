import { afterEach, describe, expect, it } from 'vitest';
import { requestReadersEarly, withEarlyEntries } from '@/lib/content/early-readers';

afterEach(() => {
  globalThis.longboxReadersRequested = undefined;
});

describe('the early script', () => {
  it('asks for the general readers once per page, and settles whether or not the background answers', async () => {
    const sent: unknown[] = [];
    requestReadersEarly((message) => {
      sent.push(message);
      return Promise.reject(new Error('no background'));
    });
    requestReadersEarly((message) => {
      sent.push(message);
      return Promise.resolve({});
    });
    expect(sent).toEqual([{ type: 'load-extras', part: 'readers' }]);
    await expect(globalThis.longboxReadersRequested).resolves.toBeUndefined();
  });

  it('leaves nothing to wait for when the message cannot even be sent', () => {
    requestReadersEarly(() => {
      throw new Error('Extension context invalidated.');
    });
    expect(globalThis.longboxReadersRequested).toBeUndefined();
  });

  it('runs beside every store script, on exactly its pages, at document_start', () => {
    const stores = [
      { matches: ['https://www.amazon.com/*'], exclude_matches: ['https://www.amazon.com/gp/your-account/*'], js: ['content-scripts/amazon.js'], run_at: 'document_idle' },
      { matches: ['https://*.midtowncomics.com/*'], js: ['content-scripts/midtown.js'], css: ['content-scripts/midtown.css'] },
      { matches: ['https://*.example.com/*'], js: ['content-scripts/other.js'], run_at: 'document_end' },
    ];
    const entries = withEarlyEntries(stores, 'early.js');
    expect(entries.slice(2)).toEqual(stores);
    expect(entries.slice(0, 2)).toEqual([
      { matches: ['https://www.amazon.com/*'], exclude_matches: ['https://www.amazon.com/gp/your-account/*'], js: ['early.js'], run_at: 'document_start' },
      { matches: ['https://*.midtowncomics.com/*'], js: ['early.js'], run_at: 'document_start' },
    ]);
    // Made again from the same manifest, nothing is doubled.
    expect(withEarlyEntries(entries, 'early.js')).toEqual(entries);
  });
});
