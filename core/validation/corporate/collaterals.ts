import * as v from 'valibot';
import type { CountryCode } from '../../domain/business-domains';
import { MESSAGES } from '../messages';
import { moneySchema } from '../money';
import { addressLineSchema, optionalAddressLineSchema } from '../general/address';
import { additionalInfoTextSchema } from '../general/text-fields';

/** Section 3: collateral types. */
export const COLLATERAL_TYPES = [
  'PREMISES', 'LAND', 'VEHICLES', 'SURETY', 'EQUIPMENT_AND_MACHINERY', 'MOTO', 'FINANCIAL_GUARANTEES',
] as const;
export type CollateralType = (typeof COLLATERAL_TYPES)[number];

/** Section 9: collaterals max 5. */
export const COLLATERALS_MAX = 5;

/** Section 5: the surety type is removed for Estonia-domain choices. */
export function collateralTypeOptions(country: CountryCode): CollateralType[] {
  return COLLATERAL_TYPES.filter((type) => !(country === 'EE' && type === 'SURETY'));
}

/** Section 3: the asset name a surety is sent with ("private persons surety for the surety type"). */
export const SURETY_ASSET_NAME = 'PRIVATE_PERSONS_SURETY';

/** Section 3: the asset's name on the wire: the surety's, none for the other types. */
export function collateralAssetName(type: string): typeof SURETY_ASSET_NAME | undefined {
  return type === 'SURETY' ? SURETY_ASSET_NAME : undefined;
}

/** The row's fields for a type that may not be chosen yet ('' asks none of the type's fields). */
export function collateralFieldsOf(type: string): { address: boolean; marketValue: boolean } {
  return (COLLATERAL_TYPES as readonly string[]).includes(type) ? collateralFields(type as CollateralType) : { address: false, marketValue: false };
}

/** Section 5: address fields only for premises and land; market value for premises, land and vehicles. */
export function collateralFields(type: CollateralType): { address: boolean; marketValue: boolean } {
  return {
    address: type === 'PREMISES' || type === 'LAND',
    marketValue: type === 'PREMISES' || type === 'LAND' || type === 'VEHICLES',
  };
}

type RowSchema = v.GenericSchema<unknown, Record<string, unknown>>;

function rowSchema(type: CollateralType): RowSchema {
  const fields = collateralFields(type);
  const entries: v.ObjectEntries = { type: v.literal(type), additionalInfoText: additionalInfoTextSchema() };
  if (fields.address) {
    entries.streetAddress = addressLineSchema();
    entries.administrativeAreaLevel1 = addressLineSchema();
    entries.administrativeAreaLevel2 = optionalAddressLineSchema();
  }
  if (fields.marketValue) entries.marketValue = moneySchema();
  return v.object(entries, MESSAGES.required);
}

/** One collateral row: the fields its type has; other fields are dropped. */
export function collateralRowSchema(country: CountryCode) {
  const types = collateralTypeOptions(country);
  const schemaOfType = new Map(types.map((type): [CollateralType, RowSchema] => [type, rowSchema(type)]));
  return v.pipe(
    // Loose: the row's other fields pass through to the schema of its type.
    v.looseObject({ type: v.pipe(v.string(MESSAGES.required), v.nonEmpty(MESSAGES.required), v.picklist(types, MESSAGES.choiceInvalid)) }, MESSAGES.required),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value as Record<string, unknown>;
      // The type passed the picklist above, so it is one of `types` and has its schema.
      const result = v.safeParse(schemaOfType.get(input.type as CollateralType) as RowSchema, input);
      if (result.success) return result.output;
      for (const issue of result.issues) {
        addIssue({ message: issue.message, ...(issue.path ? { path: issue.path as [v.ObjectPathItem] } : {}) });
      }
      return NEVER;
    }),
  );
}

/** Section 5: at most 5 collateral rows, each valid for its type. */
export function collateralsSchema(country: CountryCode) {
  return v.pipe(v.array(collateralRowSchema(country), MESSAGES.required), v.maxLength(COLLATERALS_MAX, MESSAGES.collateralsTooMany));
}

export function canAddCollateral(rowCount: number): boolean {
  return rowCount < COLLATERALS_MAX;
}
