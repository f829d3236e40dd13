import { formatMoney, type Proposal, type QuoteOffer } from '@agro/shared';
import { LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';

type Row = [label: string, offered: string | null, asked: string];

/** The terms the buyer asked for, each beside the offer's (when the offer is known here). */
function rows(proposal: Proposal, offer: QuoteOffer | undefined, offeredQty: number | undefined): Row[] {
  const out: Row[] = [];
  if (proposal.unitPriceMinor !== undefined)
    out.push([
      t('conversation.proposal.unitPrice'),
      offer ? formatMoney(offer.unitPriceMinor, offer.currency) : null,
      formatMoney(proposal.unitPriceMinor, proposal.currency as QuoteOffer['currency']),
    ]);
  if (proposal.requiredQty !== undefined)
    out.push([
      t('conversation.proposal.requiredQty'),
      offeredQty !== undefined ? formatNumber(offeredQty) : null,
      formatNumber(proposal.requiredQty),
    ]);
  if (proposal.incoterm) out.push([t('conversation.proposal.incoterm'), offer?.incoterm ?? null, proposal.incoterm]);
  if (proposal.destination) out.push([t('conversation.proposal.destination'), offer?.destination ?? null, proposal.destination]);
  if (proposal.paymentTerms) out.push([t('conversation.proposal.paymentTerms'), offer?.paymentTerms ?? null, proposal.paymentTerms]);
  if (proposal.leadTimeDays !== undefined)
    out.push([
      t('conversation.proposal.leadTimeDays'),
      offer ? formatNumber(offer.leadTimeDays) : null,
      formatNumber(proposal.leadTimeDays),
    ]);
  return out;
}

/** A request for changes, shown in the thread as a card next to the offer it answers: what changed. */
export function ProposalCard({
  proposal,
  offer,
  offeredQty,
  lineNames,
}: {
  proposal: Proposal;
  offer?: QuoteOffer;
  offeredQty?: number;
  /** The quote's lines by id: the products a proposal names (issue 45). */
  lineNames?: Record<string, string>;
}) {
  const lines = rows(proposal, offer, offeredQty);
  const named = (proposal.itemIds ?? []).map((id) => lineNames?.[id]).filter((name): name is string => name !== undefined);
  return (
    <section
      aria-label={t('conversation.proposal.title', { number: proposal.quotationNumber })}
      className="mt-2 rounded-xl border border-violet-300 bg-violet-50 p-3 text-sm"
    >
      <h4 className="font-semibold text-violet-950">
        {withLtr(t('conversation.proposal.title', { number: LTR_SLOT }), proposal.quotationNumber)}
      </h4>
      {named.length > 0 && <p className="mt-1 text-gray-800">{t('conversation.proposal.lines', { names: named.join(', ') })}</p>}
      {lines.length === 0 ? (
        <p className="mt-1 text-gray-800">{t('conversation.proposal.noTerms')}</p>
      ) : (
        <table className="mt-2 w-full text-start">
          <thead>
            <tr className="text-gray-700">
              <th scope="col" className="pe-2 text-start font-medium">
                {t('conversation.proposal.term')}
              </th>
              <th scope="col" className="pe-2 text-start font-medium">
                {t('conversation.proposal.offered')}
              </th>
              <th scope="col" className="text-start font-medium">
                {t('conversation.proposal.asked')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map(([label, offered, asked]) => (
              <tr key={label}>
                <th scope="row" className="pe-2 text-start font-normal text-gray-700">
                  {label}
                </th>
                <td dir="auto" className="pe-2 break-words text-gray-800">
                  {offered ?? '-'}
                </td>
                <td dir="auto" className="break-words font-semibold text-gray-900">
                  {asked}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
