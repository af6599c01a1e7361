import { describe, expect, it } from 'vitest';
import { LOOKUP_MENU_ID, startLookupMenu, type MenusApi } from '@/lib/background/lookup-menu';
import { lookupPath, selectionOf } from '@/lib/lookup/address';
import { readSelection } from '@/lib/lookup/selection';

// "Look up in VerseDB" on selected text: which comic a selection names, and the menu entry that opens the panel.

describe('the comic a selection names', () => {
  it('by a code written in it: a barcode, an ISBN', () => {
    expect(readSelection('UPC 76194130007800911')?.query.codes).toEqual([{ type: 'upc', value: '76194130007800911' }]);
    expect(readSelection('Absolute Superman #20 (0726DC0007)')?.query.codes).toEqual([{ type: 'lunar', value: '0726DC0007' }]);
    const isbn = readSelection('Saga Vol. 1 ISBN 978-1-60706-601-9');
    expect(isbn?.query.codes).toEqual([{ type: 'isbn', value: '9781607066019' }]);
    // A code names the comic: its title is not sent for a search.
    expect(isbn?.title).toBeNull();
  });

  it('else by its title, with the years and spaces it gives', () => {
    const batman = readSelection('  Batman   #1\n(2016) ');
    expect(batman?.text).toBe('Batman #1 (2016)');
    expect(batman?.query.codes).toEqual([]);
    expect(batman?.title).toMatchObject({ label: 'Batman #1 (2016)', series: 'Batman', year: 2016 });
    expect(batman?.query.matchKey).toBe(batman?.title?.matchKey);
    expect(readSelection('Saga Vol. 1 TP')?.title?.series).toBe('Saga');
  });

  it('names none in words with no comic in them', () => {
    expect(readSelection('')).toBeNull();
    expect(readSelection('free shipping on orders over $50')).toBeNull();
    expect(readSelection('Batman')).toBeNull();
  });
});

describe('the lookup panel’s address', () => {
  it('carries the selection in its fragment and gives it back whole', () => {
    const text = 'X-Men #12 (2024) & Friends?#';
    const path = lookupPath(text);
    expect(path.startsWith('/lookup.html#q=')).toBe(true);
    expect(selectionOf(new URL(path, 'chrome-extension://id').hash)).toBe(text);
    expect(selectionOf('')).toBe('');
  });
});

describe('the context-menu entry', () => {
  function fakeMenus() {
    const made: Array<{ id: string; title: string; contexts: string[] }> = [];
    let listener: ((info: { menuItemId: string | number; selectionText?: string }) => void) | null = null;
    const menus: MenusApi = {
      create: (properties) => made.push(properties),
      removeAll: async () => void made.splice(0),
      onClicked: { addListener: (l) => void (listener = l) },
    };
    return { menus, made, click: (info: { menuItemId: string | number; selectionText?: string }) => listener?.(info) };
  }

  it('is made once on selected text, however often the worker starts', async () => {
    const { menus, made } = fakeMenus();
    await startLookupMenu(menus, () => undefined);
    await startLookupMenu(menus, () => undefined);
    expect(made).toEqual([{ id: LOOKUP_MENU_ID, title: 'Look up “%s” in VerseDB', contexts: ['selection'] }]);
  });

  it('opens the panel with the selection, and nothing for another entry or an empty selection', async () => {
    const { menus, click } = fakeMenus();
    const opened: string[] = [];
    await startLookupMenu(menus, (path) => opened.push(path));
    click({ menuItemId: LOOKUP_MENU_ID, selectionText: ' Saga #66 ' });
    click({ menuItemId: 'other', selectionText: 'Saga #67' });
    click({ menuItemId: LOOKUP_MENU_ID, selectionText: '  ' });
    expect(opened).toEqual([lookupPath('Saga #66')]);
  });
});
