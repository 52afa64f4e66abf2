import { Link } from 'react-router';
import { useGetSellerPageQuery } from '../api.ts';
import { ContactLinks, FactCard, LegalPageFrame, LoadState } from '../components/legal-page-frame.tsx';

/**
 * /seller (Consumer Protection (E-Commerce) Rules 2020): who sells on this shop, where it is
 * registered and operates, its GSTIN and contact, and the grievance officer to complain to.
 */
export function SellerPage() {
  const { data: seller, error, isLoading } = useGetSellerPageQuery();
  return (
    <LegalPageFrame
      eyebrow="About the seller"
      title="Seller details"
      crumb="Seller details"
      intro="Every product on this shop is sold by the business below. Write to our grievance officer about anything that went wrong."
    >
      <LoadState loading={isLoading} error={error} label="Loading the seller details…" />
      {seller && (
        <div className="space-y-6">
          <FactCard
            id="seller-heading"
            title="Seller"
            rows={[
              ['Legal name', seller.legalName],
              [
                'Registered address',
                <>
                  {seller.registeredAddress.addressLine1}
                  {seller.registeredAddress.addressLine2 && `, ${seller.registeredAddress.addressLine2}`}
                  <br />
                  {seller.registeredAddress.city} {seller.registeredAddress.pinCode}, {seller.registeredAddress.state}
                </>,
              ],
              ['Operating address', seller.operatingAddress],
              ['GSTIN', <span className="font-mono">{seller.gstin}</span>],
              ['Customer care', <ContactLinks email={seller.contact.email} phone={seller.contact.phone} />],
            ]}
          />
          <FactCard
            id="grievance-officer-heading"
            title="Grievance officer"
            rows={[
              ['Name', seller.grievanceOfficer.name],
              ['Designation', seller.grievanceOfficer.designation],
              ['Contact', <ContactLinks email={seller.grievanceOfficer.email} phone={seller.grievanceOfficer.phone} />],
              [
                'Complaints',
                <>
                  <Link
                    to="/complaints"
                    className="rounded-sm font-medium text-ink underline decoration-ink/30 underline-offset-4 hover:decoration-ink"
                  >
                    File a complaint
                  </Link>
                  : you get a ticket number at once. We acknowledge every complaint within 48 hours and resolve it
                  within one month.
                </>,
              ],
            ]}
          />
        </div>
      )}
    </LegalPageFrame>
  );
}
