/**
 * Demo tasks with their offers, reviews and one chat. Everything time-related is relative to the
 * seed's `now`, so an expired task stays expired and an expiring-soon task stays within two days.
 *
 * Task identifier format: 'TK' followed by six characters from [0-9A-Z] (e.g. 'TKOPEN01'). The
 * identifier is also the task's URL slug (/tasks/{identifier}). The demo identifiers are fixed and
 * mnemonic so tests and docs can name them; tasks created in the app get random ones of the same form.
 */
import type { Locale } from '../../../shared/locales';
import type { DueType, LocationType, TaskStatus } from '../../../shared/types';
import type { DemoUserKey } from './users';
import { REASON_IDS } from './reasons';

export const TASK_IDENTIFIER_PATTERN = /^TK[0-9A-Z]{6}$/;

/** A local date-time relative to `now`: the calendar day `days` from today at `hour`:`minute`. */
export interface RelativeLocal {
  days: number;
  hour: number;
  minute?: number;
}

export interface LocationSeed {
  address: string;
  city: string;
  lat: number;
  lng: number;
}

export interface OfferSeed {
  freelancer: DemoUserKey;
  description: string;
  price: number;
  notifyIfNotChosen: boolean;
  createdHoursAgo: number;
  /** Set on the chosen offer. */
  chosenHoursAgo?: number;
}

export interface ReviewSeed {
  author: DemoUserKey;
  /** The role the target played: 'freelancer' targets the chosen freelancer, 'customer' the author. */
  targetRole: 'customer' | 'freelancer';
  status: 'completed' | 'incomplete';
  reasonId: number | null;
  rate: number;
  feedback: string | null;
  createdHoursAgo: number;
}

export interface ChatSeed {
  freelancer: DemoUserKey;
  messages: { from: 'customer' | 'freelancer'; body: string; minutesAgo: number; read: boolean }[];
}

/** A public question on the task (issue 20), optionally answered by the task's author. */
export interface QuestionSeed {
  author: DemoUserKey;
  message: string;
  createdHoursAgo: number;
  answer?: { message: string; hoursAgo: number };
}

export interface TaskSeed {
  identifier: string;
  author: DemoUserKey;
  categoryId: number;
  title: string;
  description: string;
  status: TaskStatus;
  awaitingAction: boolean;
  languages: Locale[];
  locationType: LocationType;
  locations: LocationSeed[];
  dueType: DueType;
  dueStart: RelativeLocal | null;
  dueEnd: RelativeLocal | null;
  budgetFrom: number;
  budgetTo: number;
  viewsCount: number;
  createdHoursAgo: number;
  /** Number of generated illustrations (0-3). */
  images: number;
  offers: OfferSeed[];
  reviews: ReviewSeed[];
  chats: ChatSeed[];
  questions?: QuestionSeed[];
}

const RIGA = 'Rīga';
const TALLINN = 'Tallinn';
const VILNIUS = 'Vilnius';
const DAY = 24;

export const DEMO_TASKS: readonly TaskSeed[] = [
  {
    // status new, anywhere, 0 offers, single budget, due end, created minutes ago
    identifier: 'TKNEW001',
    author: 'customer',
    categoryId: 57,
    title: 'Enter 300 paper invoices into a spreadsheet',
    description:
      'I have about 300 scanned invoices (PDF) from our small family bakery. Please enter date, ' +
      'supplier, invoice number, amount without VAT and VAT into a Google Sheet. Template provided. ' +
      'Accuracy matters more than speed.',
    status: 'new',
    awaitingAction: false,
    languages: ['en', 'lv'],
    locationType: 'anywhere',
    locations: [],
    dueType: 'end',
    dueStart: null,
    dueEnd: { days: 10, hour: 18 },
    budgetFrom: 60,
    budgetTo: 60,
    viewsCount: 0,
    createdHoursAgo: 0.7,
    images: 0,
    offers: [],
    reviews: [],
    chats: [],
  },
  {
    // open, specific (Riga), due start, range budget, several offers incl. one by the deleted user, 2 images
    identifier: 'TKOPEN01',
    author: 'customer',
    categoryId: 12,
    title: 'Nomainīt virtuves jaucējkrānu',
    description:
      'Virtuvē jānomaina vecais jaucējkrāns pret jaunu (jaunais jau nopirkts, Grohe). Pievienojums ' +
      'standarta, zem izlietnes ir noslēgventiļi. Vēlams paņemt līdzi savus instrumentus un blīves. ' +
      'Dzīvoklis 4. stāvā, lifts ir.',
    status: 'open',
    awaitingAction: false,
    languages: ['lv', 'ru'],
    locationType: 'specific',
    locations: [
      {
        address: 'Brīvības iela 68, Centra rajons, Rīga, LV-1011',
        city: RIGA,
        lat: 56.95946,
        lng: 24.12621,
      },
    ],
    dueType: 'start',
    dueStart: { days: 3, hour: 10 },
    dueEnd: null,
    budgetFrom: 30,
    budgetTo: 80,
    viewsCount: 57,
    createdHoursAgo: 2 * DAY,
    images: 2,
    offers: [
      {
        freelancer: 'freelancer',
        description:
          'Labdien! Varu atbraukt jau rīt pēc 17:00. Instrumenti un blīves man ir līdzi, darbs aizņems ' +
          'apmēram stundu.',
        price: 45,
        notifyIfNotChosen: true,
        createdHoursAgo: 40,
      },
      {
        freelancer: 'freelancer2',
        description:
          'I am in Riga this week and can do it on Thursday morning. Price includes parts.',
        price: 60,
        notifyIfNotChosen: false,
        createdHoursAgo: 30,
      },
      {
        freelancer: 'deleted',
        description: 'Varu nomainīt jebkurā darba dienā, cena ar visu darbu.',
        price: 40,
        notifyIfNotChosen: false,
        createdHoursAgo: 36,
      },
    ],
    reviews: [],
    chats: [],
    questions: [
      {
        author: 'freelancer3',
        message: 'Vai zem izlietnes ir pietiekami vietas, lai strādātu ar atslēgu?',
        createdHoursAgo: 44,
        answer: { message: 'Jā, skapītis ir plašs, un durtiņas var noņemt.', hoursAgo: 43 },
      },
      {
        author: 'freelancer2',
        message: 'Can I call you to agree the time? My number is +371 2000 0000.',
        createdHoursAgo: 20,
      },
    ],
  },
  {
    // open, anywhere, due period, range budget, exactly one offer, 1 image, business author
    identifier: 'TKOPEN02',
    author: 'business',
    categoryId: 86,
    title: 'Logo refresh for a renovation company',
    description:
      'SIA Remontdarbi has used the same logo since 2009. We want a modern, simple version that works ' +
      'on vans, work clothes and our website. Keep the red colour if possible. Please send 2-3 ' +
      'concepts first; the final files in SVG and PDF.',
    status: 'open',
    awaitingAction: false,
    languages: ['en', 'lv'],
    locationType: 'anywhere',
    locations: [],
    dueType: 'period',
    dueStart: { days: 2, hour: 9 },
    dueEnd: { days: 16, hour: 18 },
    budgetFrom: 150,
    budgetTo: 400,
    viewsCount: 23,
    createdHoursAgo: 3 * DAY,
    images: 1,
    offers: [
      {
        freelancer: 'freelancer2',
        description:
          'Hi! I design brand identities for small companies. Three concepts within a week, two rounds ' +
          'of changes, final files in SVG, PDF and PNG.',
        price: 300,
        notifyIfNotChosen: true,
        createdHoursAgo: 2 * DAY,
      },
    ],
    reviews: [],
    chats: [],
  },
  {
    // open, EXPIRING SOON (due end tomorrow), specific (Vilnius), single budget, one offer, 1 image
    identifier: 'TKSOON01',
    author: 'ruta',
    categoryId: 45,
    title: 'Išvalyti langus dviejų kambarių bute',
    description:
      'Reikia išvalyti 5 langus ir balkono stiklus iš abiejų pusių. Butas 7 aukšte, langai ' +
      'atidaromi į vidų. Valymo priemones galiu duoti savo.',
    status: 'open',
    awaitingAction: false,
    languages: ['lt', 'ru'],
    locationType: 'specific',
    locations: [
      {
        address: 'Konstitucijos pr. 7, Šnipiškės, Vilnius, 09308',
        city: VILNIUS,
        lat: 54.69634,
        lng: 25.27711,
      },
    ],
    dueType: 'end',
    dueStart: null,
    dueEnd: { days: 1, hour: 18 },
    budgetFrom: 70,
    budgetTo: 70,
    viewsCount: 19,
    createdHoursAgo: 5 * DAY,
    images: 1,
    offers: [
      {
        freelancer: 'freelancer3',
        description: 'Galiu atvykti rytoj ryte, turiu visas reikalingas priemones.',
        price: 70,
        notifyIfNotChosen: false,
        createdHoursAgo: 3 * DAY,
      },
    ],
    reviews: [],
    chats: [],
  },
  {
    // open but EXPIRED (due end 3 days ago), created 12 days ago, two locations (Tallinn), no offers
    identifier: 'TKEXPD01',
    author: 'freelancer2',
    categoryId: 33,
    title: 'Diivani transport Mustamäelt Põhja-Tallinnasse',
    description:
      'Vaja vedada kolmekohaline diivan ja väike raamaturiiul. Pealevõtt 3. korruselt (lift puudub), ' +
      'mahalaadimine esimesel korrusel. Aitan ise ka kanda.',
    status: 'open',
    awaitingAction: false,
    languages: ['et', 'en'],
    locationType: 'specific',
    locations: [
      {
        address: 'Mustamäe tee 16, Kristiine, Tallinn, 10617',
        city: TALLINN,
        lat: 59.42793,
        lng: 24.71533,
      },
      {
        address: 'Telliskivi 60a, Põhja-Tallinn, Tallinn, 10412',
        city: TALLINN,
        lat: 59.44015,
        lng: 24.72897,
      },
    ],
    dueType: 'end',
    dueStart: null,
    dueEnd: { days: -3, hour: 18 },
    budgetFrom: 40,
    budgetTo: 70,
    viewsCount: 31,
    createdHoursAgo: 12 * DAY,
    images: 0,
    offers: [],
    reviews: [],
    chats: [],
  },
  {
    // in_progress: offer of freelancer chosen, awaiting_action true, two offers, 3 images, a chat
    identifier: 'TKPROG01',
    author: 'customer',
    categoryId: 15,
    title: 'Salikt IKEA PAX skapi un divas kumodes',
    description:
      'Nepieciešams salikt IKEA PAX skapi (200x236 cm) ar bīdāmajām durvīm un divas MALM kumodes. ' +
      'Skapis jāpiestiprina pie sienas (betons). Visas detaļas ir uz vietas, instrukcijas arī.',
    status: 'in_progress',
    awaitingAction: true,
    languages: ['lv', 'en'],
    locationType: 'specific',
    locations: [
      {
        address: 'Lāčplēša iela 25, Centra rajons, Rīga, LV-1011',
        city: RIGA,
        lat: 56.95531,
        lng: 24.12864,
      },
    ],
    dueType: 'start',
    dueStart: { days: 1, hour: 10 },
    dueEnd: null,
    budgetFrom: 120,
    budgetTo: 120,
    viewsCount: 44,
    createdHoursAgo: 4 * DAY,
    images: 3,
    offers: [
      {
        freelancer: 'freelancer',
        description:
          'PAX skapjus esmu salicis daudzas reizes. Man ir perforators un dībeļi betonam. Darbs ' +
          'aizņems 4-5 stundas.',
        price: 110,
        notifyIfNotChosen: false,
        createdHoursAgo: 3 * DAY,
        chosenHoursAgo: DAY,
      },
      {
        freelancer: 'freelancer2',
        description: 'I can assemble everything in one day, wall mounting included.',
        price: 130,
        notifyIfNotChosen: true,
        createdHoursAgo: 2.5 * DAY,
      },
    ],
    reviews: [],
    questions: [
      {
        author: 'freelancer2',
        message: 'Vai skapja durvis ir ar eņģēm vai bīdāmās?',
        createdHoursAgo: 4 * DAY,
        answer: { message: 'Bīdāmās, HASVIK.', hoursAgo: 4 * DAY - 2 },
      },
    ],
    chats: [
      {
        freelancer: 'freelancer',
        messages: [
          {
            from: 'customer',
            body: 'Sveiki! Vai varat atnākt rīt no rīta ap 10:00?',
            minutesAgo: 23 * 60,
            read: true,
          },
          {
            from: 'freelancer',
            body: 'Jā, būšu 10:00. Vai ir stāvvieta pagalmā?',
            minutesAgo: 22 * 60,
            read: true,
          },
          {
            from: 'customer',
            body: 'Jā, iebraukšana no Tērbatas ielas puses. Līdz rītam!',
            minutesAgo: 21 * 60,
            read: false,
          },
        ],
      },
    ],
  },
  {
    // completed, created 20 days ago, reviews both ways
    identifier: 'TKDONE01',
    author: 'customer',
    categoryId: 104,
    title: 'Family photo session in Mežaparks',
    description:
      'Looking for a photographer for a one-hour outdoor family session (two adults, two kids and a ' +
      'dog) in Mežaparks. 30+ edited photos in high resolution.',
    status: 'completed',
    awaitingAction: false,
    languages: ['en', 'lv'],
    locationType: 'specific',
    locations: [
      {
        address: 'Ostas prospekts 11, Mežaparks, Rīga, LV-1014',
        city: RIGA,
        lat: 57.00296,
        lng: 24.14619,
      },
    ],
    dueType: 'period',
    dueStart: { days: -14, hour: 17 },
    dueEnd: { days: -14, hour: 19 },
    budgetFrom: 100,
    budgetTo: 180,
    viewsCount: 88,
    createdHoursAgo: 20 * DAY,
    images: 0,
    offers: [
      {
        freelancer: 'freelancer',
        description: 'Happy to do it. I shoot with natural light; edited photos within 5 days.',
        price: 150,
        notifyIfNotChosen: false,
        createdHoursAgo: 19 * DAY,
        chosenHoursAgo: 18 * DAY,
      },
    ],
    reviews: [
      {
        author: 'customer',
        targetRole: 'freelancer',
        status: 'completed',
        reasonId: null,
        rate: 5,
        feedback: 'Wonderful photos and great with the kids. Delivered earlier than promised!',
        createdHoursAgo: 9 * DAY,
      },
      {
        author: 'freelancer',
        targetRole: 'customer',
        status: 'completed',
        reasonId: null,
        rate: 5,
        feedback: 'Lovely family, clear instructions, paid on time.',
        createdHoursAgo: 9 * DAY,
      },
    ],
    chats: [],
  },
  {
    // incomplete: customer gave a reason without feedback (rate 0), freelancer one with feedback
    identifier: 'TKFAIL01',
    author: 'business',
    categoryId: 13,
    title: 'Uzstādīt 6 LED gaismekļus birojā',
    description:
      'Birojā jāuzstāda 6 iebūvējamie LED paneļi (60x60) piekārtajos griestos un jāpievieno esošajai ' +
      'instalācijai. Gaismekļi ir nopirkti. Darbs jāveic ārpus darba laika.',
    status: 'incomplete',
    awaitingAction: false,
    languages: ['lv', 'ru'],
    locationType: 'specific',
    locations: [
      {
        address: 'Krišjāņa Valdemāra iela 33, Centra rajons, Rīga, LV-1010',
        city: RIGA,
        lat: 56.95978,
        lng: 24.11384,
      },
    ],
    dueType: 'end',
    dueStart: null,
    dueEnd: { days: -8, hour: 18 },
    budgetFrom: 200,
    budgetTo: 300,
    viewsCount: 64,
    createdHoursAgo: 15 * DAY,
    images: 0,
    offers: [
      {
        freelancer: 'freelancer',
        description: 'Esmu sertificēts elektriķis, varu strādāt vakaros pēc 18:00.',
        price: 250,
        notifyIfNotChosen: false,
        createdHoursAgo: 14 * DAY,
        chosenHoursAgo: 13 * DAY,
      },
    ],
    reviews: [
      {
        author: 'business',
        targetRole: 'freelancer',
        status: 'incomplete',
        reasonId: REASON_IDS.noPriceAgreement,
        rate: 0,
        feedback: null,
        createdHoursAgo: 7 * DAY,
      },
      {
        author: 'freelancer',
        targetRole: 'customer',
        status: 'incomplete',
        reasonId: REASON_IDS.differedFromDescription,
        rate: 3,
        feedback:
          'Uz vietas izrādījās, ka jāmaina arī visa vecā instalācija, par ko aprakstā nebija ne vārda.',
        createdHoursAgo: 7 * DAY,
      },
    ],
    chats: [],
  },
  {
    // open, authored by the deleted user, created 9 days ago (not this week), one offer
    identifier: 'TKDEL001',
    author: 'deleted',
    categoryId: 150,
    title: 'Review a rental agreement before signing',
    description:
      'I am about to sign a one-year apartment lease in Riga (8 pages, Latvian and English). Please ' +
      'check it for unusual clauses about the deposit and early termination and explain them to me.',
    status: 'open',
    awaitingAction: false,
    languages: ['en', 'ru'],
    locationType: 'anywhere',
    locations: [],
    dueType: 'end',
    dueStart: null,
    dueEnd: { days: 6, hour: 12 },
    budgetFrom: 50,
    budgetTo: 100,
    viewsCount: 12,
    createdHoursAgo: 9 * DAY,
    images: 0,
    offers: [
      {
        freelancer: 'freelancer3',
        description:
          'I am a lawyer with 6 years of practice in tenancy law. Written notes in 2 days.',
        price: 80,
        notifyIfNotChosen: false,
        createdHoursAgo: 8 * DAY,
      },
    ],
    reviews: [],
    chats: [],
  },
  {
    // open, specific (Vilnius), due period, small range budget, no offers
    identifier: 'TKLT0001',
    author: 'ruta',
    categoryId: 157,
    title: 'Matematikos korepetitorius 9 klasės mokiniui',
    description:
      'Ieškome matematikos korepetitoriaus sūnui, besiruošiančiam pagrindinio ugdymo pasiekimų ' +
      'patikrinimui. Du kartus per savaitę po valandą, namuose arba bibliotekoje.',
    status: 'open',
    awaitingAction: false,
    languages: ['lt'],
    locationType: 'specific',
    locations: [
      {
        address: 'Gedimino pr. 9, Senamiestis, Vilnius, 01103',
        city: VILNIUS,
        lat: 54.68685,
        lng: 25.28025,
      },
    ],
    dueType: 'period',
    dueStart: { days: 4, hour: 16 },
    dueEnd: { days: 60, hour: 18 },
    budgetFrom: 15,
    budgetTo: 25,
    viewsCount: 8,
    createdHoursAgo: DAY,
    images: 0,
    offers: [],
    reviews: [],
    chats: [],
  },
  {
    // open, two locations in Riga (pick-up and drop-off), business author, one offer
    identifier: 'TKBIZ001',
    author: 'business',
    categoryId: 32,
    title: 'Biroja pārvākšana no Teikas uz Āgenskalnu',
    description:
      'Jāpārved neliels birojs: 8 galdi, 10 krēsli, 3 skapji, ap 40 kastēm ar dokumentiem un biroja ' +
      'tehnika. Nepieciešams busiņš un divi krāvēji. Abās ēkās ir lifts.',
    status: 'open',
    awaitingAction: false,
    languages: ['lv', 'ru'],
    locationType: 'specific',
    locations: [
      {
        address: 'Brīvības gatve 214, Teika, Rīga, LV-1039',
        city: RIGA,
        lat: 56.97724,
        lng: 24.17212,
      },
      {
        address: 'Kalnciema iela 27, Āgenskalns, Rīga, LV-1046',
        city: RIGA,
        lat: 56.94946,
        lng: 24.07755,
      },
    ],
    dueType: 'start',
    dueStart: { days: 5, hour: 8 },
    dueEnd: null,
    budgetFrom: 250,
    budgetTo: 400,
    viewsCount: 12,
    createdHoursAgo: 5,
    images: 0,
    offers: [
      {
        freelancer: 'freelancer',
        description: 'Ir busiņš (20 m³) un divi palīgi. Visu pārvedīsim vienā dienā.',
        price: 320,
        notifyIfNotChosen: true,
        createdHoursAgo: 3,
      },
    ],
    reviews: [],
    chats: [],
  },
  {
    // open, anywhere, Estonian, larger budget, one offer
    identifier: 'TKET0001',
    author: 'freelancer2',
    categoryId: 97,
    title: 'Lihtne koduleht väikesele pagariärile',
    description:
      'Vajame lihtsat kolmekeelset (eesti, vene, inglise) kodulehte: avaleht, tootevalik koos ' +
      'piltidega, lahtiolekuajad ja kontaktid koos kaardiga. Sisu saame ise hallata.',
    status: 'open',
    awaitingAction: false,
    languages: ['et', 'en'],
    locationType: 'anywhere',
    locations: [],
    dueType: 'end',
    dueStart: null,
    dueEnd: { days: 20, hour: 18 },
    budgetFrom: 500,
    budgetTo: 900,
    viewsCount: 15,
    createdHoursAgo: 6 * DAY,
    images: 0,
    offers: [
      {
        freelancer: 'freelancer',
        description:
          'I build small business sites on WordPress with multilingual support. 2 weeks.',
        price: 750,
        notifyIfNotChosen: false,
        createdHoursAgo: 5 * DAY,
      },
    ],
    reviews: [],
    chats: [],
  },
  {
    // open, specific (Riga), created 10 days ago (not this week), due start, no offers
    identifier: 'TKCAR001',
    author: 'customer',
    categoryId: 177,
    title: 'Riepu maiņa uz vasaras riepām',
    description:
      'Jānomaina riepas vieglajai automašīnai (VW Golf, R16, diski ir). Ideāli, ja meistars var ' +
      'atbraukt pie mājas; riepas glabājas garāžā.',
    status: 'open',
    awaitingAction: false,
    languages: ['lv'],
    locationType: 'specific',
    locations: [
      {
        address: 'Dzelzavas iela 51, Purvciems, Rīga, LV-1084',
        city: RIGA,
        lat: 56.95814,
        lng: 24.19563,
      },
    ],
    dueType: 'start',
    dueStart: { days: 7, hour: 9, minute: 30 },
    dueEnd: null,
    budgetFrom: 25,
    budgetTo: 40,
    viewsCount: 9,
    createdHoursAgo: 10 * DAY,
    images: 0,
    offers: [],
    reviews: [],
    chats: [],
  },
  {
    // open, specific (Tallinn), beauty category, Estonian, range budget, no offers
    identifier: 'TKBEAU01',
    author: 'freelancer2',
    categoryId: 131,
    title: 'Juuksur koju: lõikus ja föönisoeng',
    description:
      'Otsin juuksurit, kes tuleks koju: naiste juukselõikus (õlgadeni juuksed) ja föönisoeng enne ' +
      'pidu. Sobib laupäeva pärastlõuna.',
    status: 'open',
    awaitingAction: false,
    languages: ['et'],
    locationType: 'specific',
    locations: [
      {
        address: 'Narva mnt 7, Kesklinn, Tallinn, 10117',
        city: TALLINN,
        lat: 59.43733,
        lng: 24.75645,
      },
    ],
    dueType: 'period',
    dueStart: { days: 3, hour: 14 },
    dueEnd: { days: 3, hour: 17 },
    budgetFrom: 40,
    budgetTo: 60,
    viewsCount: 5,
    createdHoursAgo: 20,
    images: 0,
    offers: [],
    reviews: [],
    chats: [],
  },
];

/** The demo task identifiers by what they demonstrate (for tests and docs). */
export const DEMO_TASK_IDS = {
  new: 'TKNEW001',
  openManyOffers: 'TKOPEN01',
  openOneOffer: 'TKOPEN02',
  expiringSoon: 'TKSOON01',
  expired: 'TKEXPD01',
  inProgress: 'TKPROG01',
  completed: 'TKDONE01',
  incomplete: 'TKFAIL01',
  deletedAuthor: 'TKDEL001',
  lithuanian: 'TKLT0001',
  twoLocations: 'TKBIZ001',
  estonianAnywhere: 'TKET0001',
  notThisWeek: 'TKCAR001',
  beauty: 'TKBEAU01',
} as const;
