import { useMessages } from '../../lib/i18n';
import { DEFAULT_LOCALE, messagesOf } from '../../tests/shared/messages';

// The benchmarks that run Longbox's background in node have no browser i18n: they speak English, read
// from the extension's own messages, as the unit tests do.
useMessages(messagesOf(DEFAULT_LOCALE), 'en-US');
