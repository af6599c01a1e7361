import { useMessages } from '../../lib/i18n';
import { DEFAULT_LOCALE, messagesOf } from '../shared/messages';

// Outside a browser there is no browser i18n: the unit tests read Longbox's English messages, as a browser
// whose language is English would.
useMessages(messagesOf(DEFAULT_LOCALE), 'en-US');
