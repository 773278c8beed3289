import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';
import { productsOf } from '../../../core/domain/products';
import { corporateProductOptions } from '../../../core/validation/corporate/options';
import { CORPORATE_PRODUCT_LABELS as PRODUCT_LABELS } from '../../steps/_kit/corporate-product-labels';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';
import { useFeatureFlag } from '../../steps/_kit/feature-flags';
import { AppLayout } from '../app-layout';

/**
 * `/choose-product` for business customers (issue 24, decision 181): the corporate products of the
 * configured country (green leasing only behind its flag), each a link that starts the application
 * at the business-data step with that product chosen. Nothing is created until something is typed
 * there (decision 001).
 */
export function CorporateProductsPage() {
  const { i18n } = useLingui();
  const { businessDomain, countryCode } = useRuntimeConfig();
  const greenLeasing = useFeatureFlag('greenLeasing');
  const offered = corporateProductOptions(
    productsOf(businessDomain, countryCode).map((product) => product.productName),
    { greenLeasing },
  );
  return (
    <AppLayout>
      <PageHeading focusKey="choose-product">
        <Trans>Choose financing for your company</Trans>
      </PageHeading>
      <p>
        <Trans>Choose a product to start the application. You can change the product, the amount and the period on the next page.</Trans>
      </p>
      <ul className="solis-list">
        {offered.map((productName) => {
          const label = PRODUCT_LABELS[productName];
          return (
            <li key={productName}>
              <Link className="solis-link" to={`/?productName=${encodeURIComponent(productName)}`}>
                {label ? i18n._(label) : productName}
              </Link>
            </li>
          );
        })}
      </ul>
    </AppLayout>
  );
}
