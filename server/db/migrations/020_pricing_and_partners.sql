-- Issue 10: the bank's product data per business domain (section 3), edited without code. Seeded
-- at start-up from server/pricing/pricing-data.json (server/pricing/seed-pricing-data.ts); `data`
-- holds one product's ProductData (src/domain/product-data.ts).
create table product_data (
  business_domain text not null,
  product_name text not null,
  data jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (business_domain, product_name)
);

-- Partners (shops) that send applicants with a reg_code link, their registered return addresses
-- (a link's redirect URI is accepted only when it is one of them) and whether they can sign digitally.
create table partners (
  id text primary key,
  reg_code text not null unique,
  name text not null,
  can_sign_digitally boolean not null,
  return_addresses jsonb not null default '[]',
  updated_at timestamptz not null default now()
);

-- The products a partner sells (goods_name) per business domain, with its own terms (overrides).
create table partner_products (
  partner_id text not null references partners (id) on delete cascade,
  business_domain text not null,
  goods_name text not null,
  product_name text not null,
  overrides jsonb not null default '{}',
  primary key (partner_id, business_domain, goods_name)
);

-- Test-mode settings per owner (session or token subject) that last, unlike the once-only
-- sandbox_controls: the loyalty segment the upsale asks for, partners registered for one test.
create table sandbox_settings (
  owner_kind text not null,
  owner_id text not null,
  kind text not null check (kind in ('loyalty-segment', 'partner')),
  key text not null,
  value jsonb not null,
  created_at timestamptz not null default now(),
  primary key (owner_kind, owner_id, kind, key)
);
create index sandbox_settings_created_at_idx on sandbox_settings (created_at);
