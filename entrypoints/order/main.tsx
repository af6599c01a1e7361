import { render } from 'preact';
import { OrderReview } from '@/components/OrderReview';
import { createAsk } from '@/lib/ui/messages';
import { createOrderReviewModel } from '@/lib/ui/order-review';
import { readPreferences } from '@/lib/settings';
import { t, uiLocale } from '@/lib/i18n';
import '@/components/styles/base.css';
import '@/components/styles/order.css';

// The page's title and language are the member's (an HTML page gets no __MSG_ substitution).
document.title = t('order_review_title');
document.documentElement.lang = uiLocale();

// The review list of an order page's comics, opened by the order page's banner (order.html?tab=N).
const tabId = Number(new URLSearchParams(location.search).get('tab'));
const root = document.getElementById('app');
if (root) {
  const model = createOrderReviewModel({ ask: createAsk((message) => browser.runtime.sendMessage(message)), tabId: Number.isInteger(tabId) ? tabId : -1 });
  void readPreferences().then((preferences) => render(<OrderReview model={model} defaultCondition={preferences.defaultCondition} />, root));
}
