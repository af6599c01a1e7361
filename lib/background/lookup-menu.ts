import { lookupPath } from '../lookup/address';
import { t } from '../i18n';

// "Look up in VerseDB": a context-menu entry on selected text, on any page. It needs only the
// contextMenus permission (the menu gives the selection itself, so no host permission and no script in
// the page): the selection opens the lookup panel, which asks the background which comic it names.

export const LOOKUP_MENU_ID = 'longbox-look-up';

export interface MenusApi {
  create(properties: { id: string; title: string; contexts: ['selection'] }): unknown;
  removeAll(): Promise<void>;
  onClicked: { addListener(listener: (info: { menuItemId: string | number; selectionText?: string }) => void): void };
}

/**
 * Makes the entry (again at every start: the browser keeps it across restarts of the worker but not
 * always across updates, and a second create of one id is an error) and opens the panel on its click.
 */
export function startLookupMenu(menus: MenusApi, openPanel: (path: string) => void): Promise<void> {
  menus.onClicked.addListener((info) => {
    if (info.menuItemId !== LOOKUP_MENU_ID) return;
    const text = (info.selectionText ?? '').trim();
    if (text.length > 0) openPanel(lookupPath(text));
  });
  return menus.removeAll().then(() => {
    menus.create({ id: LOOKUP_MENU_ID, title: t('background_lookup_menu'), contexts: ['selection'] });
  });
}
