import type { BuyerReceipt } from '@licensing/core';
import { FactList, type Fact } from '@/app/components/fact-list';
import { FormattedDate, FormattedDateTime } from '@/app/components/formatted';
import { requestFormat } from '@/app/components/request-format';

/** The facts of a receipt as a definition list: on the receipt page and on the checkout result page. */
export async function ReceiptSummary({ receipt }: { receipt: BuyerReceipt }) {
  const format = await requestFormat();
  const amount = receipt.amountMinor === 0 ? 'Free' : format.money(receipt.amountMinor, receipt.currency);
  const rows: Fact[] = [
    ['Seller', receipt.sellerName],
    ['Product', receipt.productName],
    ['Offering', `${receipt.offeringName} (${receipt.kind}${receipt.billingPeriod ? `, billed every ${receipt.billingPeriod}` : ''})`],
    [receipt.seatBased ? 'Seats' : 'Quantity', receipt.unitAmountMinor !== null ? `${receipt.quantity} × ${format.money(receipt.unitAmountMinor, receipt.currency)}` : String(receipt.quantity), 'receipt-quantity'],
    ...(receipt.invoiceNumber ? ([['Invoice', receipt.invoiceNumber, 'receipt-invoice-number']] as Fact[]) : []),
    ...(receipt.billedTo ? ([['Billed to', receipt.billedTo, 'receipt-billed-to']] as Fact[]) : []),
    ...(receipt.discount
      ? ([
          ['Subtotal', format.money(receipt.subtotalMinor, receipt.currency), 'receipt-subtotal'],
          [`Discount (${receipt.discount.code})`, `−${format.money(receipt.discount.amountMinor, receipt.currency)}`, 'receipt-discount'],
        ] as Fact[])
      : []),
    ...(receipt.tax
      ? ([
          ['Net', format.money(receipt.tax.netMinor, receipt.currency), 'receipt-net'],
          [
            receipt.tax.rateBps !== null && !receipt.tax.exempt ? `Tax (${receipt.tax.rateBps / 100}%)` : 'Tax',
            receipt.tax.exempt ? `${format.money(0, receipt.currency)} (reverse charge: the buyer accounts for it)` : format.money(receipt.tax.taxMinor, receipt.currency),
            'receipt-tax',
          ],
        ] as Fact[])
      : ([['Tax', format.money(0, receipt.currency), 'receipt-tax']] as Fact[])),
    ...(receipt.sellerTaxId ? ([['Seller tax id', receipt.sellerTaxId, 'receipt-seller-tax-id']] as Fact[]) : []),
    ...(receipt.billingAddress ? ([['Billing address', receipt.billingAddress, 'receipt-billing-address']] as Fact[]) : []),
    ...(receipt.buyerTaxId ? ([['Your tax id', receipt.buyerTaxId, 'receipt-buyer-tax-id']] as Fact[]) : []),
    [receipt.tax ? 'Total (tax included)' : 'Amount', amount, 'receipt-amount'],
    ...(receipt.refunds.length > 0
      ? ([
          [
            'Refunded',
            <ul key="refunds" className="space-y-0.5">
              {receipt.refunds.map((refund, index) => (
                <li key={index}>
                  {format.money(refund.amountMinor, receipt.currency)} on <FormattedDate value={refund.createdAt} />
                  {refund.status === 'pending' ? ' (on its way back to you)' : ''}
                </li>
              ))}
            </ul>,
            'receipt-refunded',
          ],
          ['Net paid', format.money(receipt.netPaidMinor, receipt.currency), 'receipt-net-paid'],
        ] as Fact[])
      : []),
    ['Ordered', <FormattedDateTime key="ordered" value={receipt.orderedAt} />],
    ['Paid', receipt.paidAt ? <FormattedDateTime key="paid" value={receipt.paidAt} /> : 'Not paid', 'receipt-paid-at'],
    ['Status', receipt.stateText, 'receipt-status'],
    ['Payment method', receipt.paymentMethod, 'receipt-payment-method'],
    ['Order number', <span key="number" className="break-all font-mono text-xs">{receipt.orderNumber}</span>, 'receipt-order-number'],
  ];
  return (
    <FactList facts={rows} />
  );
}

/** The words of the link from an order to the codes it sold (one per seat). */
export function codeLinkText(seats: number): string {
  return seats > 1 ? 'Show the license codes' : 'Show the license code';
}
