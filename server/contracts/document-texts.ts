/**
 * The words of the contract and of the standard pre-contract information (issue 12;
 * docs/decisions/135-contract-documents.md): server-side texts, one typed table per language, so a
 * missing text is a type error and each language is reviewed as a whole, like the UI catalogs
 * (formal address: Teie, Jūs, Jūsų, Вы). Figures are filled in by the renderer, formatted in the
 * document's language.
 */
import type { Locale } from '../../core/domain/languages';
import type { ProductName } from '../../core/domain/products';

export interface DocumentTexts {
  contractTitle: string;
  contractNumber: string;
  drawnUpOn: string;
  expectedSigningDate: string;
  parties: string;
  lender: string;
  borrower: string;
  coBorrower: string;
  personalCode: string;
  creditTerms: string;
  product: string;
  loanAmount: string;
  period: string;
  months: (count: number) => string;
  interestRate: string;
  apr: string;
  conclusionFee: string;
  monthlyFee: string;
  monthlyPayment: string;
  paymentDay: string;
  totalToRepay: string;
  totalTransferred: string;
  totalCostOfCredit: string;
  schedule: string;
  numberOfPayments: string;
  firstPayment: string;
  lastPayment: string;
  scheduleNote: string;
  withdrawal: string;
  unsignedNotice: string;
  secciTitle: string;
  secciIntro: string;
  secciCreditor: string;
  secciFeatures: string;
  secciCosts: string;
  secciLegal: string;
  secciEarlyRepayment: string;
  secciDraftRight: string;
  secciValidUntil: string;
  productNames: Partial<Record<ProductName, string>>;
  otherProduct: string;
}

const en: DocumentTexts = {
  contractTitle: 'Consumer credit agreement',
  contractNumber: 'Agreement number',
  drawnUpOn: 'Drawn up on',
  expectedSigningDate: 'Expected signing date',
  parties: '1. Parties',
  lender: 'Lender',
  borrower: 'Borrower',
  coBorrower: 'Co-borrower',
  personalCode: 'personal code',
  creditTerms: '2. Credit terms',
  product: 'Product',
  loanAmount: 'Loan amount',
  period: 'Loan period',
  months: (count) => `${count} ${count === 1 ? 'month' : 'months'}`,
  interestRate: 'Annual interest rate (fixed)',
  apr: 'Annual percentage rate of charge (APR)',
  conclusionFee: 'Contract fee',
  monthlyFee: 'Monthly administration fee',
  monthlyPayment: 'Monthly payment',
  paymentDay: 'Monthly payment day',
  totalToRepay: 'Total amount to repay',
  totalTransferred: 'Amount paid out to your account',
  totalCostOfCredit: 'Total cost of credit',
  schedule: '3. Repayment schedule (summary)',
  numberOfPayments: 'Number of monthly payments',
  firstPayment: 'First payment date',
  lastPayment: 'Last payment date',
  scheduleNote: 'Payments are equal monthly instalments (annuity). The full schedule is part of this agreement and is available in self-service once the agreement is signed.',
  withdrawal: 'You may withdraw from this agreement within 14 days of signing it without giving a reason. You may repay the loan early at any time.',
  unsignedNotice: 'This agreement takes effect only when both parties have signed it.',
  secciTitle: 'Standard European consumer credit information',
  secciIntro: 'This information is given to you before you sign a credit agreement, so that you can compare offers. It is not an agreement.',
  secciCreditor: '1. Creditor',
  secciFeatures: '2. Main features of the credit',
  secciCosts: '3. Costs of the credit',
  secciLegal: '4. Other important legal aspects',
  secciEarlyRepayment: 'You have the right to repay the credit early, fully or partially, at any time.',
  secciDraftRight: 'You have the right, upon request, to obtain a copy of the draft credit agreement free of charge.',
  secciValidUntil: 'This information is valid until',
  productNames: {
    SMALL_LOAN: 'Small loan',
    CAR_LOAN: 'Car loan',
    HOUSING_LOAN: 'Housing loan',
    REFINANCING_LOAN: 'Refinancing loan',
    RENOVATION_LOAN: 'Renovation loan',
    REAL_ESTATE_LOAN: 'Real estate loan',
    MEDICAL_LOAN: 'Medical loan',
    CREDIT_CARD_VISA_CLASSIC: 'Visa Classic credit card',
    CREDIT_CARD_VISA_GOLD: 'Visa Gold credit card',
  },
  otherProduct: 'Consumer loan',
};

const et: DocumentTexts = {
  contractTitle: 'Tarbijakrediidileping',
  contractNumber: 'Lepingu number',
  drawnUpOn: 'Koostatud',
  expectedSigningDate: 'Eeldatav allkirjastamise kuupäev',
  parties: '1. Pooled',
  lender: 'Laenuandja',
  borrower: 'Laenusaaja',
  coBorrower: 'Kaaslaenusaaja',
  personalCode: 'isikukood',
  creditTerms: '2. Krediidi tingimused',
  product: 'Toode',
  loanAmount: 'Laenusumma',
  period: 'Laenuperiood',
  months: (count) => `${count} ${count === 1 ? 'kuu' : 'kuud'}`,
  interestRate: 'Aastane intressimäär (fikseeritud)',
  apr: 'Krediidi kulukuse määr (KKM)',
  conclusionFee: 'Lepingutasu',
  monthlyFee: 'Igakuine haldustasu',
  monthlyPayment: 'Igakuine makse',
  paymentDay: 'Igakuine maksepäev',
  totalToRepay: 'Tagasimakstav kogusumma',
  totalTransferred: 'Teie kontole makstav summa',
  totalCostOfCredit: 'Krediidi kogukulu',
  schedule: '3. Maksegraafik (kokkuvõte)',
  numberOfPayments: 'Igakuiste maksete arv',
  firstPayment: 'Esimese makse kuupäev',
  lastPayment: 'Viimase makse kuupäev',
  scheduleNote: 'Maksed on võrdsed igakuised osamaksed (annuiteet). Täielik maksegraafik on selle lepingu osa ja on pärast lepingu allkirjastamist kättesaadav iseteeninduses.',
  withdrawal: 'Teil on õigus lepingust taganeda 14 päeva jooksul pärast selle allkirjastamist põhjust esitamata. Laenu võite ennetähtaegselt tagastada igal ajal.',
  unsignedNotice: 'Leping jõustub alles siis, kui mõlemad pooled on selle allkirjastanud.',
  secciTitle: 'Tarbijakrediidi Euroopa standardinfo',
  secciIntro: 'See teave antakse Teile enne krediidilepingu allkirjastamist, et saaksite pakkumisi võrrelda. See ei ole leping.',
  secciCreditor: '1. Krediidiandja',
  secciFeatures: '2. Krediidi põhitunnused',
  secciCosts: '3. Krediidi kulud',
  secciLegal: '4. Muud olulised õiguslikud aspektid',
  secciEarlyRepayment: 'Teil on õigus krediit igal ajal ennetähtaegselt täielikult või osaliselt tagastada.',
  secciDraftRight: 'Teil on õigus saada taotluse korral tasuta krediidilepingu projekti koopia.',
  secciValidUntil: 'See teave kehtib kuni',
  productNames: {
    SMALL_LOAN: 'Väikelaen',
    CAR_LOAN: 'Autolaen',
    HOUSING_LOAN: 'Kodulaen',
    REFINANCING_LOAN: 'Refinantseerimislaen',
    RENOVATION_LOAN: 'Remondilaen',
    REAL_ESTATE_LOAN: 'Kinnisvaralaen',
    MEDICAL_LOAN: 'Tervishoiulaen',
    CREDIT_CARD_VISA_CLASSIC: 'Visa Classic krediitkaart',
    CREDIT_CARD_VISA_GOLD: 'Visa Gold krediitkaart',
  },
  otherProduct: 'Tarbimislaen',
};

const lv: DocumentTexts = {
  contractTitle: 'Patēriņa kredīta līgums',
  contractNumber: 'Līguma numurs',
  drawnUpOn: 'Sagatavots',
  expectedSigningDate: 'Paredzamais parakstīšanas datums',
  parties: '1. Puses',
  lender: 'Aizdevējs',
  borrower: 'Aizņēmējs',
  coBorrower: 'Līdzaizņēmējs',
  personalCode: 'personas kods',
  creditTerms: '2. Kredīta nosacījumi',
  product: 'Produkts',
  loanAmount: 'Aizdevuma summa',
  period: 'Aizdevuma termiņš',
  months: (count) => `${count} ${count % 10 === 1 && count % 100 !== 11 ? 'mēnesis' : 'mēneši'}`,
  interestRate: 'Gada procentu likme (fiksēta)',
  apr: 'Gada procentu likme (GPL)',
  conclusionFee: 'Līguma noslēgšanas maksa',
  monthlyFee: 'Ikmēneša apkalpošanas maksa',
  monthlyPayment: 'Ikmēneša maksājums',
  paymentDay: 'Ikmēneša maksājuma diena',
  totalToRepay: 'Kopējā atmaksājamā summa',
  totalTransferred: 'Summa, ko izmaksā Jūsu kontā',
  totalCostOfCredit: 'Kredīta kopējās izmaksas',
  schedule: '3. Maksājumu grafiks (kopsavilkums)',
  numberOfPayments: 'Ikmēneša maksājumu skaits',
  firstPayment: 'Pirmā maksājuma datums',
  lastPayment: 'Pēdējā maksājuma datums',
  scheduleNote: 'Maksājumi ir vienādi ikmēneša maksājumi (anuitāte). Pilns maksājumu grafiks ir šī līguma daļa un pēc līguma parakstīšanas ir pieejams pašapkalpošanā.',
  withdrawal: 'Jums ir tiesības atkāpties no šī līguma 14 dienu laikā pēc tā parakstīšanas, nenorādot iemeslu. Aizdevumu varat atmaksāt pirms termiņa jebkurā laikā.',
  unsignedNotice: 'Līgums stājas spēkā tikai tad, kad to ir parakstījušas abas puses.',
  secciTitle: 'Eiropas patēriņa kredīta standartinformācija',
  secciIntro: 'Šo informāciju Jums sniedz pirms kredīta līguma parakstīšanas, lai Jūs varētu salīdzināt piedāvājumus. Tas nav līgums.',
  secciCreditor: '1. Kreditors',
  secciFeatures: '2. Kredīta galvenās iezīmes',
  secciCosts: '3. Kredīta izmaksas',
  secciLegal: '4. Citi svarīgi juridiskie aspekti',
  secciEarlyRepayment: 'Jums ir tiesības jebkurā laikā atmaksāt kredītu pirms termiņa pilnībā vai daļēji.',
  secciDraftRight: 'Jums ir tiesības pēc pieprasījuma bez maksas saņemt kredīta līguma projekta kopiju.',
  secciValidUntil: 'Šī informācija ir spēkā līdz',
  productNames: {
    SMALL_LOAN: 'Mazais aizdevums',
    CAR_LOAN: 'Auto aizdevums',
    HOUSING_LOAN: 'Mājokļa kredīts',
    REFINANCING_LOAN: 'Refinansēšanas aizdevums',
    RENOVATION_LOAN: 'Remonta aizdevums',
    REAL_ESTATE_LOAN: 'Nekustamā īpašuma kredīts',
    MEDICAL_LOAN: 'Veselības aizdevums',
    CREDIT_CARD_VISA_CLASSIC: 'Visa Classic kredītkarte',
    CREDIT_CARD_VISA_GOLD: 'Visa Gold kredītkarte',
  },
  otherProduct: 'Patēriņa kredīts',
};

const lt: DocumentTexts = {
  contractTitle: 'Vartojimo kredito sutartis',
  contractNumber: 'Sutarties numeris',
  drawnUpOn: 'Sudaryta',
  expectedSigningDate: 'Numatoma pasirašymo data',
  parties: '1. Šalys',
  lender: 'Kredito davėjas',
  borrower: 'Kredito gavėjas',
  coBorrower: 'Bendras kredito gavėjas',
  personalCode: 'asmens kodas',
  creditTerms: '2. Kredito sąlygos',
  product: 'Produktas',
  loanAmount: 'Paskolos suma',
  period: 'Paskolos terminas',
  months: (count) => `${count} mėn.`,
  interestRate: 'Metinė palūkanų norma (fiksuota)',
  apr: 'Bendros vartojimo kredito kainos metinė norma (BVKKMN)',
  conclusionFee: 'Sutarties sudarymo mokestis',
  monthlyFee: 'Mėnesinis administravimo mokestis',
  monthlyPayment: 'Mėnesio įmoka',
  paymentDay: 'Mėnesio įmokos diena',
  totalToRepay: 'Bendra grąžintina suma',
  totalTransferred: 'Suma, išmokama į Jūsų sąskaitą',
  totalCostOfCredit: 'Bendra kredito kaina',
  schedule: '3. Mokėjimų grafikas (santrauka)',
  numberOfPayments: 'Mėnesio įmokų skaičius',
  firstPayment: 'Pirmosios įmokos data',
  lastPayment: 'Paskutinės įmokos data',
  scheduleNote: 'Įmokos yra lygios mėnesio įmokos (anuitetas). Visas mokėjimų grafikas yra šios sutarties dalis ir pasirašius sutartį pasiekiamas savitarnoje.',
  withdrawal: 'Jūs turite teisę per 14 dienų nuo sutarties pasirašymo atsisakyti šios sutarties nenurodydami priežasties. Paskolą galite grąžinti anksčiau termino bet kuriuo metu.',
  unsignedNotice: 'Sutartis įsigalioja tik tada, kai ją pasirašo abi šalys.',
  secciTitle: 'Standartinė Europos vartojimo kredito informacija',
  secciIntro: 'Ši informacija Jums pateikiama prieš pasirašant kredito sutartį, kad galėtumėte palyginti pasiūlymus. Tai nėra sutartis.',
  secciCreditor: '1. Kredito davėjas',
  secciFeatures: '2. Pagrindiniai kredito požymiai',
  secciCosts: '3. Kredito išlaidos',
  secciLegal: '4. Kiti svarbūs teisiniai aspektai',
  secciEarlyRepayment: 'Jūs turite teisę bet kuriuo metu grąžinti visą kreditą ar jo dalį anksčiau termino.',
  secciDraftRight: 'Jūs turite teisę paprašius nemokamai gauti kredito sutarties projekto kopiją.',
  secciValidUntil: 'Ši informacija galioja iki',
  productNames: {
    SMALL_LOAN: 'Vartojimo paskola',
    CAR_LOAN: 'Automobilio paskola',
    HOUSING_LOAN: 'Būsto paskola',
    REFINANCING_LOAN: 'Refinansavimo paskola',
    RENOVATION_LOAN: 'Renovacijos paskola',
    REAL_ESTATE_LOAN: 'Nekilnojamojo turto paskola',
    MEDICAL_LOAN: 'Sveikatos paskola',
    CREDIT_CARD_VISA_CLASSIC: 'Visa Classic kredito kortelė',
    CREDIT_CARD_VISA_GOLD: 'Visa Gold kredito kortelė',
  },
  otherProduct: 'Vartojimo kreditas',
};

function russianMonths(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return 'месяцев';
  if (ones === 1) return 'месяц';
  if (ones >= 2 && ones <= 4) return 'месяца';
  return 'месяцев';
}

const ru: DocumentTexts = {
  contractTitle: 'Договор потребительского кредита',
  contractNumber: 'Номер договора',
  drawnUpOn: 'Составлен',
  expectedSigningDate: 'Ожидаемая дата подписания',
  parties: '1. Стороны',
  lender: 'Кредитор',
  borrower: 'Заёмщик',
  coBorrower: 'Созаёмщик',
  personalCode: 'личный код',
  creditTerms: '2. Условия кредита',
  product: 'Продукт',
  loanAmount: 'Сумма кредита',
  period: 'Срок кредита',
  months: (count) => `${count} ${russianMonths(count)}`,
  interestRate: 'Годовая процентная ставка (фиксированная)',
  apr: 'Годовая процентная ставка расходов (ГПСР)',
  conclusionFee: 'Плата за заключение договора',
  monthlyFee: 'Ежемесячная плата за обслуживание',
  monthlyPayment: 'Ежемесячный платёж',
  paymentDay: 'День ежемесячного платежа',
  totalToRepay: 'Общая сумма к возврату',
  totalTransferred: 'Сумма, перечисляемая на Ваш счёт',
  totalCostOfCredit: 'Общая стоимость кредита',
  schedule: '3. График платежей (сводка)',
  numberOfPayments: 'Количество ежемесячных платежей',
  firstPayment: 'Дата первого платежа',
  lastPayment: 'Дата последнего платежа',
  scheduleNote: 'Платежи вносятся равными ежемесячными частями (аннуитет). Полный график платежей является частью настоящего договора и после подписания доступен в самообслуживании.',
  withdrawal: 'Вы вправе отказаться от настоящего договора в течение 14 дней после его подписания без объяснения причин. Вы можете досрочно погасить кредит в любое время.',
  unsignedNotice: 'Договор вступает в силу только после его подписания обеими сторонами.',
  secciTitle: 'Стандартная европейская информация о потребительском кредите',
  secciIntro: 'Эта информация предоставляется Вам до подписания кредитного договора, чтобы Вы могли сравнить предложения. Это не договор.',
  secciCreditor: '1. Кредитор',
  secciFeatures: '2. Основные характеристики кредита',
  secciCosts: '3. Стоимость кредита',
  secciLegal: '4. Другие важные правовые аспекты',
  secciEarlyRepayment: 'Вы вправе в любое время досрочно погасить кредит полностью или частично.',
  secciDraftRight: 'Вы вправе по запросу бесплатно получить копию проекта кредитного договора.',
  secciValidUntil: 'Эта информация действительна до',
  productNames: {
    SMALL_LOAN: 'Малый кредит',
    CAR_LOAN: 'Автокредит',
    HOUSING_LOAN: 'Жилищный кредит',
    REFINANCING_LOAN: 'Кредит на рефинансирование',
    RENOVATION_LOAN: 'Кредит на ремонт',
    REAL_ESTATE_LOAN: 'Кредит на недвижимость',
    MEDICAL_LOAN: 'Кредит на медицинские услуги',
    CREDIT_CARD_VISA_CLASSIC: 'Кредитная карта Visa Classic',
    CREDIT_CARD_VISA_GOLD: 'Кредитная карта Visa Gold',
  },
  otherProduct: 'Потребительский кредит',
};

export const DOCUMENT_TEXTS: Readonly<Record<Locale, DocumentTexts>> = { en, et, lv, lt, ru };

export function productNameIn(texts: DocumentTexts, productName: string): string {
  return texts.productNames[productName as ProductName] ?? texts.otherProduct;
}

/** The lender of each country: the bank's entity there (illustrative, like the product data). */
export const LENDERS: Readonly<Record<'EE' | 'LV' | 'LT', { name: string; registryCode: string; address: string; email: string }>> = {
  EE: { name: 'Solis Bank AS', registryCode: '10000001', address: 'Narva mnt 1, 10117 Tallinn, Eesti', email: 'info.ee@solis.example' },
  LV: { name: 'Solis Bank AS Latvijas filiāle', registryCode: '40000000001', address: 'Brīvības iela 1, Rīga, LV-1010, Latvija', email: 'info.lv@solis.example' },
  LT: { name: 'Solis Bank AS Lietuvos filialas', registryCode: '300000001', address: 'Gedimino pr. 1, LT-01103 Vilnius, Lietuva', email: 'info.lt@solis.example' },
};
