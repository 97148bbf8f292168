import type { Db } from '../db';
import { iterateSellerCustomers, type SellerCustomer, type SellerCustomersQuery } from './list-seller-customers';
import { csvStream, type CsvValue } from './spreadsheet-safe-csv';

export const CUSTOMER_CSV_HEADER = ['E-mail', 'Licenses', 'Active licenses', 'Customer since (UTC)'] as const;

export function customerCsvCells(customer: SellerCustomer): CsvValue[] {
  return [customer.email, customer.licenses, customer.activeLicenses, customer.firstLicenseAt.toISOString()];
}

/** The seller's customers matching the page's filter (every page of it) as CSV. */
export function sellerCustomersCsv(ctx: { db: Db }, input: Omit<SellerCustomersQuery, 'page'> & { sellerId: string }): ReadableStream<Uint8Array> {
  return csvStream(CUSTOMER_CSV_HEADER, iterateSellerCustomers(ctx, input), customerCsvCells);
}
