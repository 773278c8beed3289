import type { ReactNode } from 'react';
import './summary-list.css';

/**
 * A contract's main terms as a titled summary list (section 2's contract screens): the loan contract
 * on ViewContractAndChooseSigningMethod, the account's on signCurrentAccountContract.
 */
export function TermsSummary({ id, title, rows }: { id: string; title: ReactNode; rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <section className="solis-summary" aria-labelledby={id}>
      <h2 id={id} className="solis-summary__title">
        {title}
      </h2>
      <dl className="solis-summary-list">
        {rows.map(([key, value]) => (
          <div className="solis-summary-list__row" key={key}>
            <dt className="solis-summary-list__key">{key}</dt>
            <dd className="solis-summary-list__value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
