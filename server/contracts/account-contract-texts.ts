/**
 * The words of the current account contract (issue 12; docs/decisions/144-current-account-contract.md):
 * one typed table per language, like the loan contract's (document-texts.ts), formal address (Teie,
 * Jūs, Jūsų, Вы). Account terms only: a current account grants no credit, so the contract has no
 * credit figures. The figures are filled in by the renderer in the document's language.
 */
import type { Locale } from '../../core/domain/languages';

export interface AccountContractTexts {
  title: string;
  contractNumber: string;
  drawnUpOn: string;
  parties: string;
  bank: string;
  accountHolder: string;
  personalCode: string;
  accountTerms: string;
  product: string;
  productName: string;
  currency: string;
  monthlyFee: string;
  balanceInterest: string;
  overdraft: string;
  overdraftValue: string;
  statements: string;
  statementsValue: string;
  termsHeading: string;
  clauses: readonly string[];
  closing: (noticeDays: number) => string;
  unsignedNotice: string;
}

const en: AccountContractTexts = {
  title: 'Current account agreement',
  contractNumber: 'Agreement number',
  drawnUpOn: 'Drawn up on',
  parties: '1. Parties',
  bank: 'Bank',
  accountHolder: 'Account holder',
  personalCode: 'personal code',
  accountTerms: '2. Account terms',
  product: 'Product',
  productName: 'Current account',
  currency: 'Account currency',
  monthlyFee: 'Monthly account fee (price list)',
  balanceInterest: 'Interest on the balance',
  overdraft: 'Overdraft',
  overdraftValue: 'Not granted',
  statements: 'Account statements',
  statementsValue: 'In the internet bank, free of charge',
  termsHeading: '3. General terms',
  clauses: [
    'The bank opens a current account in the name of the account holder and keeps it for payments to and from the account.',
    'The monthly account fee is debited from the account on the last banking day of each month. Other services are charged according to the bank’s price list in force.',
    'The account holder may spend only the money on the account. This agreement grants no credit.',
    'Deposits on the account are protected by the deposit guarantee scheme of the country where the account is held.',
  ],
  closing: (days) => `The account holder may end this agreement at any time with ${days} days’ notice; the bank gives two months’ notice. The agreement is concluded for an indefinite period.`,
  unsignedNotice: 'This agreement takes effect when the account holder has signed it.',
};

const et: AccountContractTexts = {
  title: 'Arvelduskonto leping',
  contractNumber: 'Lepingu number',
  drawnUpOn: 'Koostatud',
  parties: '1. Pooled',
  bank: 'Pank',
  accountHolder: 'Konto omanik',
  personalCode: 'isikukood',
  accountTerms: '2. Konto tingimused',
  product: 'Toode',
  productName: 'Arvelduskonto',
  currency: 'Konto valuuta',
  monthlyFee: 'Konto kuutasu (hinnakiri)',
  balanceInterest: 'Intress kontojäägilt',
  overdraft: 'Arvelduslaen',
  overdraftValue: 'Ei anta',
  statements: 'Konto väljavõtted',
  statementsValue: 'Internetipangas, tasuta',
  termsHeading: '3. Üldtingimused',
  clauses: [
    'Pank avab konto omaniku nimele arvelduskonto ja peab seda kontole ja kontolt tehtavate maksete jaoks.',
    'Konto kuutasu võetakse kontolt iga kuu viimasel pangapäeval. Muude teenuste eest võetakse tasu panga kehtiva hinnakirja järgi.',
    'Konto omanik saab kasutada ainult kontol olevat raha. Leping ei anna krediiti.',
    'Kontol olevad hoiused on kaitstud konto asukohamaa hoiuste tagamise skeemiga.',
  ],
  closing: (days) => `Konto omanik võib lepingu igal ajal üles öelda, teatades sellest ${days} päeva ette; pank teatab kaks kuud ette. Leping on sõlmitud tähtajatult.`,
  unsignedNotice: 'Leping jõustub, kui konto omanik on selle allkirjastanud.',
};

const lv: AccountContractTexts = {
  title: 'Norēķinu konta līgums',
  contractNumber: 'Līguma numurs',
  drawnUpOn: 'Sagatavots',
  parties: '1. Puses',
  bank: 'Banka',
  accountHolder: 'Konta turētājs',
  personalCode: 'personas kods',
  accountTerms: '2. Konta noteikumi',
  product: 'Produkts',
  productName: 'Norēķinu konts',
  currency: 'Konta valūta',
  monthlyFee: 'Konta mēneša maksa (cenrādis)',
  balanceInterest: 'Procenti par atlikumu',
  overdraft: 'Overdrafts',
  overdraftValue: 'Netiek piešķirts',
  statements: 'Konta izraksti',
  statementsValue: 'Internetbankā, bez maksas',
  termsHeading: '3. Vispārīgie noteikumi',
  clauses: [
    'Banka atver norēķinu kontu uz konta turētāja vārda un uztur to maksājumiem uz kontu un no konta.',
    'Konta mēneša maksu banka ietur no konta katra mēneša pēdējā bankas darba dienā. Par citiem pakalpojumiem maksa tiek ieturēta saskaņā ar spēkā esošo bankas cenrādi.',
    'Konta turētājs var izmantot tikai kontā esošo naudu. Šis līgums nepiešķir kredītu.',
    'Kontā esošie noguldījumi ir aizsargāti ar tās valsts noguldījumu garantiju sistēmu, kurā konts tiek turēts.',
  ],
  closing: (days) => `Konta turētājs var jebkurā laikā izbeigt šo līgumu, par to paziņojot ${days} dienas iepriekš; banka paziņo divus mēnešus iepriekš. Līgums ir noslēgts uz nenoteiktu laiku.`,
  unsignedNotice: 'Līgums stājas spēkā, kad konta turētājs to ir parakstījis.',
};

const lt: AccountContractTexts = {
  title: 'Einamosios sąskaitos sutartis',
  contractNumber: 'Sutarties numeris',
  drawnUpOn: 'Sudaryta',
  parties: '1. Šalys',
  bank: 'Bankas',
  accountHolder: 'Sąskaitos turėtojas',
  personalCode: 'asmens kodas',
  accountTerms: '2. Sąskaitos sąlygos',
  product: 'Produktas',
  productName: 'Einamoji sąskaita',
  currency: 'Sąskaitos valiuta',
  monthlyFee: 'Mėnesinis sąskaitos mokestis (įkainiai)',
  balanceInterest: 'Palūkanos už likutį',
  overdraft: 'Overdraftas',
  overdraftValue: 'Nesuteikiamas',
  statements: 'Sąskaitos išrašai',
  statementsValue: 'Internetiniame banke, nemokamai',
  termsHeading: '3. Bendrosios sąlygos',
  clauses: [
    'Bankas atidaro einamąją sąskaitą sąskaitos turėtojo vardu ir ją tvarko mokėjimams į sąskaitą ir iš jos.',
    'Mėnesinis sąskaitos mokestis nurašomas iš sąskaitos paskutinę kiekvieno mėnesio banko darbo dieną. Už kitas paslaugas mokama pagal galiojančius banko įkainius.',
    'Sąskaitos turėtojas gali naudoti tik sąskaitoje esančius pinigus. Ši sutartis nesuteikia kredito.',
    'Sąskaitoje esantys indėliai apdrausti šalies, kurioje tvarkoma sąskaita, indėlių draudimo sistema.',
  ],
  closing: (days) => `Sąskaitos turėtojas gali bet kada nutraukti šią sutartį, įspėjęs prieš ${days} dienų; bankas įspėja prieš du mėnesius. Sutartis sudaroma neterminuotam laikui.`,
  unsignedNotice: 'Sutartis įsigalioja, kai sąskaitos turėtojas ją pasirašo.',
};

const ru: AccountContractTexts = {
  title: 'Договор текущего счёта',
  contractNumber: 'Номер договора',
  drawnUpOn: 'Составлен',
  parties: '1. Стороны',
  bank: 'Банк',
  accountHolder: 'Владелец счёта',
  personalCode: 'личный код',
  accountTerms: '2. Условия счёта',
  product: 'Продукт',
  productName: 'Текущий счёт',
  currency: 'Валюта счёта',
  monthlyFee: 'Ежемесячная плата за счёт (прейскурант)',
  balanceInterest: 'Проценты на остаток',
  overdraft: 'Овердрафт',
  overdraftValue: 'Не предоставляется',
  statements: 'Выписки по счёту',
  statementsValue: 'В интернет-банке, бесплатно',
  termsHeading: '3. Общие условия',
  clauses: [
    'Банк открывает текущий счёт на имя владельца счёта и ведёт его для платежей на счёт и со счёта.',
    'Ежемесячная плата за счёт списывается со счёта в последний банковский день каждого месяца. Другие услуги оплачиваются по действующему прейскуранту банка.',
    'Владелец счёта может расходовать только деньги, находящиеся на счёте. Договор не предоставляет кредита.',
    'Вклады на счёте защищены системой гарантирования вкладов страны, в которой ведётся счёт.',
  ],
  closing: (days) => `Владелец счёта может в любое время расторгнуть договор, предупредив Банк за ${days} дней; Банк предупреждает за два месяца. Договор заключён на неопределённый срок.`,
  unsignedNotice: 'Договор вступает в силу, когда владелец счёта его подписал.',
};

export const ACCOUNT_CONTRACT_TEXTS: Readonly<Record<Locale, AccountContractTexts>> = { en, et, lv, lt, ru };
