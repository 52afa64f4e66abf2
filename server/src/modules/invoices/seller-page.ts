import type { Kysely } from 'kysely';
import { stateOfCode, type SellerContact, type SellerPage, type sellerContactBody } from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import * as repo from './invoices.repository.ts';

/**
 * The seller page (Consumer Protection (E-Commerce) Rules 2020, rule 4(1) and 5(3)): the
 * invoice's seller, where the business operates, how to reach it and its grievance officer.
 * One row holds them all (seller_details), so the page and the invoices never disagree.
 */
function contactOf(row: repo.SellerRow): SellerContact {
  return {
    operatingAddress: row.operating_address,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    grievanceOfficer: {
      name: row.grievance_officer_name,
      designation: row.grievance_officer_designation,
      email: row.grievance_officer_email,
      phone: row.grievance_officer_phone,
    },
  };
}

export async function sellerPage(db: Kysely<Database>): Promise<SellerPage> {
  const row = await repo.findSeller(db);
  const contact = contactOf(row);
  return {
    legalName: row.legal_name,
    registeredAddress: {
      addressLine1: row.address_line1,
      addressLine2: row.address_line2,
      city: row.city,
      pinCode: row.pin_code,
      state: stateOfCode(row.state_code)?.name ?? '',
    },
    operatingAddress: contact.operatingAddress,
    gstin: row.gstin,
    contact: { email: contact.contactEmail, phone: contact.contactPhone },
    grievanceOfficer: contact.grievanceOfficer,
  };
}

export async function sellerContact(db: Kysely<Database>): Promise<SellerContact> {
  return contactOf(await repo.findSeller(db));
}

/** Staff set the seller page's contact and the grievance officer. */
export async function updateSellerContact(
  db: Kysely<Database>,
  body: z.output<typeof sellerContactBody>,
  now = new Date(),
): Promise<SellerContact> {
  await repo.updateSeller(db, {
    operating_address: body.operatingAddress,
    contact_email: body.contactEmail,
    contact_phone: body.contactPhone,
    grievance_officer_name: body.grievanceOfficer.name,
    grievance_officer_designation: body.grievanceOfficer.designation,
    grievance_officer_email: body.grievanceOfficer.email,
    grievance_officer_phone: body.grievanceOfficer.phone,
    updated_at: now.toISOString(),
  });
  return sellerContact(db);
}
