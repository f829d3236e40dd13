import { canDo, type Quote, type QuoteDetail } from '@agro/shared';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/store/store';
import { ConversationPanel } from '@/components/thread/conversation-panel';
import { t } from '@/lib/i18n';
import { fetchQuoteDetail } from '@/store/quote-slice';
import { AskChangesForm } from './ask-changes-form';

interface BuyerQuoteThreadProps {
  quote: Quote;
  /** After a request for changes: the list shows the quote's new status. */
  onChanged: () => void;
}

/**
 * A buyer's quote opened in 'Your Quotes' (`/profile?quote=<id>#messages`, the mails' link): its
 * conversation, and on the current offer 'Ask for changes'.
 */
export function BuyerQuoteThread({ quote, onChanged }: BuyerQuoteThreadProps) {
  const dispatch = useAppDispatch();
  const [detail, setDetail] = useState<QuoteDetail | null>(null);
  const [asking, setAsking] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);

  // Every offer, for the proposals' cards (and opening it marks the current offer seen).
  useEffect(() => {
    dispatch(fetchQuoteDetail(quote._id))
      .unwrap()
      .then(
        (r) => setDetail(r.quote),
        () => setDetail(null),
      );
  }, [dispatch, quote._id, reloadKey]);

  const offer = quote.offer;
  const canAsk = offer !== null && canDo('requestChanges', quote.status);
  const name = quote.productId?.productName ?? t('quoteCard.noLongerListed');
  const lines = quote.items.map((item) => ({ id: item._id, name: item.productId?.productName ?? t('quoteCard.noLongerListed') }));

  return (
    <div id="messages" className="mt-10 scroll-mt-28">
      {canAsk && offer && !asking && (
        <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
          {t('askChanges.open')}
        </button>
      )}
      {canAsk && offer && asking && (
        <AskChangesForm
          quoteId={quote._id}
          offer={offer}
          lines={lines}
          unit={quote.productId?.productQuantityType ?? ''}
          onSent={() => {
            setAsking(false);
            setReloadKey((k) => k + 1);
            onChanged();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      <ConversationPanel
        kind="quote"
        id={quote._id}
        admin={false}
        heading={t('conversation.openLabel', { name })}
        offers={detail?.offers ?? (offer ? [offer] : [])}
        offeredQty={quote.requiredQty}
        lineNames={Object.fromEntries(lines.map((l) => [l.id, l.name]))}
        reloadKey={reloadKey}
      />
    </div>
  );
}
