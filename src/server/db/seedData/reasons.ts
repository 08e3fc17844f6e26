/**
 * Incomplete reasons (reference data, upserted on every seed). Group 'customer' is shown to the task
 * owner, group 'freelancer' to the chosen freelancer (SPEC section 6). With feedback_required the
 * completion form goes on to rate and feedback; otherwise the task is simply cancelled with rate 0.
 */
import type { Localized } from '../../../shared/locales';

export interface ReasonSeed {
  id: number;
  group: 'customer' | 'freelancer';
  feedbackRequired: boolean;
  position: number;
  title: Localized;
}

export const REASONS: readonly ReasonSeed[] = [
  {
    id: 1,
    group: 'customer',
    feedbackRequired: true,
    position: 1,
    title: {
      lv: 'Izpildītājs neieradās',
      en: 'The freelancer did not show up',
      ru: 'Исполнитель не пришёл',
      tr: 'Serbest çalışan gelmedi',
      et: 'Tegija ei ilmunud kohale',
      lt: 'Vykdytojas neatvyko',
    },
  },
  {
    id: 2,
    group: 'customer',
    feedbackRequired: true,
    position: 2,
    title: {
      lv: 'Darbs tika izpildīts nekvalitatīvi',
      en: 'The work was done poorly',
      ru: 'Работа выполнена некачественно',
      tr: 'İş kötü yapıldı',
      et: 'Töö tehti halvasti',
      lt: 'Darbas atliktas nekokybiškai',
    },
  },
  {
    id: 3,
    group: 'customer',
    feedbackRequired: false,
    position: 3,
    title: {
      lv: 'Uzdevums man vairs nav vajadzīgs',
      en: 'I no longer need the task done',
      ru: 'Задание мне больше не нужно',
      tr: 'Artık bu göreve ihtiyacım yok',
      et: 'Mul pole seda ülesannet enam vaja',
      lt: 'Užduotis man nebereikalinga',
    },
  },
  {
    id: 4,
    group: 'customer',
    feedbackRequired: false,
    position: 4,
    title: {
      lv: 'Mēs nevarējām vienoties par cenu',
      en: 'We could not agree on the price',
      ru: 'Мы не договорились о цене',
      tr: 'Fiyat konusunda anlaşamadık',
      et: 'Me ei jõudnud hinnas kokkuleppele',
      lt: 'Nepavyko susitarti dėl kainos',
    },
  },
  {
    id: 5,
    group: 'freelancer',
    feedbackRequired: false,
    position: 5,
    title: {
      lv: 'Pasūtītājs neatbildēja',
      en: 'The customer did not respond',
      ru: 'Заказчик не отвечал',
      tr: 'Müşteri yanıt vermedi',
      et: 'Tellija ei vastanud',
      lt: 'Užsakovas neatsakė',
    },
  },
  {
    id: 6,
    group: 'freelancer',
    feedbackRequired: true,
    position: 6,
    title: {
      lv: 'Uzdevums atšķīrās no apraksta',
      en: 'The task differed from the description',
      ru: 'Задание не соответствовало описанию',
      tr: 'Görev, açıklamada yazılandan farklıydı',
      et: 'Ülesanne erines kirjeldusest',
      lt: 'Užduotis skyrėsi nuo aprašymo',
    },
  },
  {
    id: 7,
    group: 'freelancer',
    feedbackRequired: false,
    position: 7,
    title: {
      lv: 'Neizdevās izpildīt uzdevumu laikā',
      en: 'I could not do the task in time',
      ru: 'Не удалось выполнить задание вовремя',
      tr: 'Görevi zamanında yapamadım',
      et: 'Ma ei jõudnud ülesannet õigeks ajaks teha',
      lt: 'Nespėjau atlikti užduoties laiku',
    },
  },
];

/** Ids other code and tests can name. */
export const REASON_IDS = {
  taskerNoShow: 1,
  poorWork: 2,
  noLongerNeeded: 3,
  noPriceAgreement: 4,
  customerNoResponse: 5,
  differedFromDescription: 6,
  notInTime: 7,
} as const;
