-- Issue 13 (decision 159): campaigns whose terms ask for documents (UploadCampaignDocuments),
-- seeded at start-up from server/pricing/pricing-data.json with the product data.
create table campaigns (
  business_domain text not null,
  code text not null,
  data jsonb not null,
  updated_at timestamptz not null,
  primary key (business_domain, code)
);
