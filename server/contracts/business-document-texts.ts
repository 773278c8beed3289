/**
 * The words of a company's contract (issue 24; docs/decisions/184-corporate-processes.md): a
 * business loan or leasing agreement names the company (its name and registration code) as the
 * borrower or lessee and the representative who signs for it; a company has no consumer's right of
 * withdrawal. One typed table per language, like document-texts.ts.
 */
import type { Locale } from '../../core/domain/languages';
import type { ProductName } from '../../core/domain/products';

export interface BusinessDocumentTexts {
  loanContractTitle: string;
  leasingContractTitle: string;
  borrower: string;
  lessee: string;
  registrationCode: string;
  representative: string;
  financedPrice: string;
  downPayment: string;
  residual: string;
  financedAmount: string;
  businessNotice: string;
  productNames: Partial<Record<ProductName, string>>;
}

const en: BusinessDocumentTexts = {
  loanContractTitle: 'Business loan agreement',
  leasingContractTitle: 'Leasing agreement',
  borrower: 'Borrower',
  lessee: 'Lessee',
  registrationCode: 'registration code',
  representative: 'Signs for the company',
  financedPrice: 'Price of the asset (as financed)',
  downPayment: 'Down payment',
  residual: 'Residual value (paid with the last payment)',
  financedAmount: 'Amount financed',
  businessNotice: 'This agreement is made with a business customer for the purposes of its business: the consumer credit rules, including the right of withdrawal, do not apply. The representative confirms that they may sign for the company.',
  productNames: {
    OPERATING_LOAN: 'Operating loan',
    CREDIT_LINE: 'Credit line',
    DEVELOPMENT_LOAN: 'Development loan',
    INVESTMENT_LOAN: 'Investment loan',
    LAND_LOAN: 'Land loan',
    MORTGAGE_LOAN: 'Mortgage loan',
    SMALL_LOAN_BUSINESS: 'Small business loan',
    CAR_LEASING_BUSINESS: 'Car leasing',
    EQUIPMENT_LEASING_BUSINESS: 'Equipment leasing',
    GREEN_LEASING_BUSINESS: 'Green leasing',
  },
};

const et: BusinessDocumentTexts = {
  loanContractTitle: 'Ärilaenuleping',
  leasingContractTitle: 'Liisinguleping',
  borrower: 'Laenusaaja',
  lessee: 'Liisingusaaja',
  registrationCode: 'registrikood',
  representative: 'Allkirjastab ettevõtte nimel',
  financedPrice: 'Vara hind (finantseeritaval kujul)',
  downPayment: 'Sissemakse',
  residual: 'Jääkväärtus (tasutakse viimase maksega)',
  financedAmount: 'Finantseeritav summa',
  businessNotice: 'Leping sõlmitakse ärikliendiga tema majandustegevuse tarbeks: tarbijakrediidi reeglid, sealhulgas taganemisõigus, ei kohaldu. Esindaja kinnitab, et tal on õigus ettevõtte nimel allkirjastada.',
  productNames: {
    OPERATING_LOAN: 'Käibelaen',
    CREDIT_LINE: 'Krediidiliin',
    DEVELOPMENT_LOAN: 'Arenduslaen',
    INVESTMENT_LOAN: 'Investeerimislaen',
    LAND_LOAN: 'Maalaen',
    MORTGAGE_LOAN: 'Hüpoteeklaen',
    SMALL_LOAN_BUSINESS: 'Väikeettevõtte laen',
    CAR_LEASING_BUSINESS: 'Autoliising',
    EQUIPMENT_LEASING_BUSINESS: 'Seadmeliising',
    GREEN_LEASING_BUSINESS: 'Roheliising',
  },
};

const lv: BusinessDocumentTexts = {
  loanContractTitle: 'Uzņēmuma aizdevuma līgums',
  leasingContractTitle: 'Līzinga līgums',
  borrower: 'Aizņēmējs',
  lessee: 'Līzinga ņēmējs',
  registrationCode: 'reģistrācijas numurs',
  representative: 'Uzņēmuma vārdā paraksta',
  financedPrice: 'Aktīva cena (finansējamā apmērā)',
  downPayment: 'Pirmā iemaksa',
  residual: 'Atlikusī vērtība (maksā ar pēdējo maksājumu)',
  financedAmount: 'Finansējamā summa',
  businessNotice: 'Līgums tiek slēgts ar juridisku klientu tā saimnieciskās darbības vajadzībām: patērētāju kreditēšanas noteikumi, tostarp atteikuma tiesības, netiek piemēroti. Pārstāvis apliecina, ka ir tiesīgs parakstīt uzņēmuma vārdā.',
  productNames: {
    OPERATING_LOAN: 'Apgrozāmo līdzekļu aizdevums',
    CREDIT_LINE: 'Kredītlīnija',
    DEVELOPMENT_LOAN: 'Attīstības aizdevums',
    INVESTMENT_LOAN: 'Investīciju aizdevums',
    LAND_LOAN: 'Zemes aizdevums',
    MORTGAGE_LOAN: 'Hipotekārais aizdevums',
    SMALL_LOAN_BUSINESS: 'Mazā biznesa aizdevums',
    CAR_LEASING_BUSINESS: 'Auto līzings',
    EQUIPMENT_LEASING_BUSINESS: 'Iekārtu līzings',
    GREEN_LEASING_BUSINESS: 'Zaļais līzings',
  },
};

const lt: BusinessDocumentTexts = {
  loanContractTitle: 'Verslo paskolos sutartis',
  leasingContractTitle: 'Lizingo sutartis',
  borrower: 'Paskolos gavėjas',
  lessee: 'Lizingo gavėjas',
  registrationCode: 'įmonės kodas',
  representative: 'Įmonės vardu pasirašo',
  financedPrice: 'Turto kaina (finansuojama)',
  downPayment: 'Pradinė įmoka',
  residual: 'Likutinė vertė (mokama su paskutine įmoka)',
  financedAmount: 'Finansuojama suma',
  businessNotice: 'Sutartis sudaroma su verslo klientu jo veiklos tikslais: vartojimo kredito taisyklės, įskaitant teisę atsisakyti sutarties, netaikomos. Atstovas patvirtina, kad turi teisę pasirašyti įmonės vardu.',
  productNames: {
    OPERATING_LOAN: 'Apyvartinių lėšų paskola',
    CREDIT_LINE: 'Kredito linija',
    DEVELOPMENT_LOAN: 'Plėtros paskola',
    INVESTMENT_LOAN: 'Investicinė paskola',
    LAND_LOAN: 'Žemės paskola',
    MORTGAGE_LOAN: 'Hipotekinė paskola',
    SMALL_LOAN_BUSINESS: 'Smulkiojo verslo paskola',
    CAR_LEASING_BUSINESS: 'Automobilių lizingas',
    EQUIPMENT_LEASING_BUSINESS: 'Įrangos lizingas',
    GREEN_LEASING_BUSINESS: 'Žaliasis lizingas',
  },
};

const ru: BusinessDocumentTexts = {
  loanContractTitle: 'Договор бизнес-кредита',
  leasingContractTitle: 'Договор лизинга',
  borrower: 'Заёмщик',
  lessee: 'Лизингополучатель',
  registrationCode: 'регистрационный код',
  representative: 'Подписывает от имени компании',
  financedPrice: 'Цена имущества (финансируемая)',
  downPayment: 'Первый взнос',
  residual: 'Остаточная стоимость (оплачивается последним платежом)',
  financedAmount: 'Финансируемая сумма',
  businessNotice: 'Договор заключается с бизнес-клиентом для целей его хозяйственной деятельности: правила потребительского кредита, включая право отказа от договора, не применяются. Представитель подтверждает, что вправе подписывать от имени компании.',
  productNames: {
    OPERATING_LOAN: 'Кредит на оборотные средства',
    CREDIT_LINE: 'Кредитная линия',
    DEVELOPMENT_LOAN: 'Кредит на развитие',
    INVESTMENT_LOAN: 'Инвестиционный кредит',
    LAND_LOAN: 'Кредит на землю',
    MORTGAGE_LOAN: 'Ипотечный кредит',
    SMALL_LOAN_BUSINESS: 'Кредит для малого бизнеса',
    CAR_LEASING_BUSINESS: 'Автолизинг',
    EQUIPMENT_LEASING_BUSINESS: 'Лизинг оборудования',
    GREEN_LEASING_BUSINESS: 'Зелёный лизинг',
  },
};

export const BUSINESS_DOCUMENT_TEXTS: Readonly<Record<Locale, BusinessDocumentTexts>> = { en, et, lv, lt, ru };
