import type { BuyerReceipt } from '@licensing/core';
import { FactList, type Fact } from '@/app/components/fact-list';

const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function When({ value }: { value: Date }) {
  return <time dateTime={value.toISOString()}>{`${dateTimeFormat.format(value)} UTC`}</time>;
}

/** The facts of a receipt as a definition list: on the receipt page and on the checkout result page. */
export function ReceiptSummary({ receipt }: { receipt: BuyerReceipt }) {
  const rows: Fact[] = [
    ['Seller', receipt.sellerName],
    ['Product', receipt.productName],
    ['Offering', `${receipt.offeringName} (${receipt.kind}${receipt.billingPeriod ? `, billed every ${receipt.billingPeriod}` : ''})`],
    [receipt.seatBased ? 'Seats' : 'Quantity', receipt.unitAmountText ? `${receipt.quantity} × ${receipt.unitAmountText}` : String(receipt.quantity), 'receipt-quantity'],
    ...(receipt.invoiceNumber ? ([['Invoice', receipt.invoiceNumber, 'receipt-invoice-number']] as Fact[]) : []),
    ...(receipt.billedTo ? ([['Billed to', receipt.billedTo, 'receipt-billed-to']] as Fact[]) : []),
    ['Tax', receipt.taxText, 'receipt-tax'],
    ['Amount', receipt.amountText, 'receipt-amount'],
    ['Ordered', <When key="ordered" value={receipt.orderedAt} />],
    ['Paid', receipt.paidAt ? <When key="paid" value={receipt.paidAt} /> : 'Not paid', 'receipt-paid-at'],
    ['Status', receipt.stateText, 'receipt-status'],
    ['Payment method', receipt.paymentMethod, 'receipt-payment-method'],
    ['Order number', <span key="number" className="break-all font-mono text-xs">{receipt.orderNumber}</span>, 'receipt-order-number'],
  ];
  return (
    <FactList facts={rows} />
  );
}
