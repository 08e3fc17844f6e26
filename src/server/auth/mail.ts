/**
 * The email outbox: every message the API sends is a row of email_outbox (written in the same
 * transaction as the change it reports), rendered in the recipient's UI language. A mailer would
 * drain the rows whose sent_at is null; until there is one, each message is also written as a text
 * file under DATA_DIR/outbox, which is how developers and the end-to-end tests read their mail.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../shared/locales';
import type { Queryable } from '../db/db';

export type MailTemplate = 'registration_confirm' | 'registration_existing' | 'task_alert';

interface MailText {
  subject: string;
  body: string;
}

/** Hours a registration link works; the texts below spell out this number. */
export const CONFIRMATION_HOURS = 24;

/**
 * The texts of each template in every UI language. The confirmation email never repeats the name
 * typed into the form: anyone can make the API mail any address, so it carries no text of theirs.
 */
export const mailTexts: Record<Locale, Record<MailTemplate, MailText>> = {
  en: {
    registration_confirm: {
      subject: 'Confirm your Talka account',
      body:
        'Hello,\n\nConfirm your email address to finish creating your Talka account:\n\n{link}\n\n' +
        'The link works for 24 hours. If you did not create an account, ignore this email; ' +
        'no account will be created.',
    },
    registration_existing: {
      subject: 'Someone tried to register with your address',
      body:
        'Hello {name},\n\nSomeone, perhaps you, tried to create a new Talka account with this ' +
        'email address. You already have an account, so nothing was changed.\n\n' +
        'Log in here: {link}\n\nIf this was not you, ignore this email; your account and ' +
        'password stay as they are.',
    },
    task_alert: {
      subject: 'New tasks for you on Talka',
      body: 'Hello {name},\n\nNew tasks match your alerts:\n\n{tasks}\n\nEvery task that matches your alerts: {link}\n\nWe send at most one such email a day. Change or delete your alerts on the same page.',
    },
  },
  lv: {
    registration_confirm: {
      subject: 'Apstipriniet savu Talka kontu',
      body:
        'Sveiki!\n\nApstipriniet savu e-pasta adresi, lai pabeigtu Talka konta izveidi:\n\n' +
        '{link}\n\nSaite ir derīga 24 stundas. Ja jūs neveidojāt kontu, neņemiet šo vēstuli ' +
        'vērā — konts netiks izveidots.',
    },
    registration_existing: {
      subject: 'Kāds mēģināja reģistrēties ar jūsu adresi',
      body:
        'Sveiki, {name}!\n\nKāds — iespējams, jūs pats — mēģināja izveidot jaunu Talka kontu ' +
        'ar šo e-pasta adresi. Jums jau ir konts, tāpēc nekas netika mainīts.\n\n' +
        'Piesakieties šeit: {link}\n\nJa tas nebijāt jūs, neņemiet šo vēstuli vērā — jūsu ' +
        'konts un parole paliek nemainīti.',
    },
    task_alert: {
      subject: 'Jauni uzdevumi jums Talka',
      body: 'Sveiki, {name}!\n\nJūsu paziņojumiem atbilst jauni uzdevumi:\n\n{tasks}\n\nVisi uzdevumi, kas atbilst jūsu paziņojumiem: {link}\n\nŠādu vēstuli sūtām ne biežāk kā reizi dienā. Paziņojumus varat mainīt vai dzēst tajā pašā lapā.',
    },
  },
  ru: {
    registration_confirm: {
      subject: 'Подтвердите свой аккаунт Talka',
      body:
        'Здравствуйте!\n\nПодтвердите свой адрес электронной почты, чтобы завершить создание ' +
        'аккаунта Talka:\n\n{link}\n\nСсылка действует 24 часа. Если вы не создавали аккаунт, ' +
        'просто проигнорируйте это письмо — аккаунт не будет создан.',
    },
    registration_existing: {
      subject: 'Кто-то пытался зарегистрироваться с вашим адресом',
      body:
        'Здравствуйте, {name}!\n\nКто-то — возможно, вы — пытался создать новый аккаунт Talka ' +
        'с этим адресом электронной почты. У вас уже есть аккаунт, поэтому ничего не ' +
        'изменилось.\n\nВойти можно здесь: {link}\n\nЕсли это были не вы, просто ' +
        'проигнорируйте это письмо: ваш аккаунт и пароль остаются прежними.',
    },
    task_alert: {
      subject: 'Новые задания для вас на Talka',
      body: 'Здравствуйте, {name}!\n\nВашим оповещениям соответствуют новые задания:\n\n{tasks}\n\nВсе задания, подходящие под ваши оповещения: {link}\n\nТакое письмо мы отправляем не чаще одного раза в день. Изменить или удалить оповещения можно на той же странице.',
    },
  },
  tr: {
    registration_confirm: {
      subject: 'Talka hesabınızı onaylayın',
      body:
        'Merhaba,\n\nTalka hesabınızı oluşturmayı tamamlamak için e-posta adresinizi ' +
        'onaylayın:\n\n{link}\n\nBağlantı 24 saat geçerlidir. Hesap oluşturmadıysanız bu ' +
        'e-postayı dikkate almayın; hesap oluşturulmayacaktır.',
    },
    registration_existing: {
      subject: 'Biri adresinizle kayıt olmaya çalıştı',
      body:
        'Merhaba {name},\n\nBiri (belki siz) bu e-posta adresiyle yeni bir Talka hesabı ' +
        'oluşturmaya çalıştı. Zaten bir hesabınız olduğu için hiçbir şey değiştirilmedi.\n\n' +
        'Buradan giriş yapın: {link}\n\nBu siz değilseniz bu e-postayı dikkate almayın; ' +
        'hesabınız ve şifreniz olduğu gibi kalır.',
    },
    task_alert: {
      subject: "Talka'da size uygun yeni görevler",
      body: 'Merhaba {name},\n\nAlarmlarınıza uyan yeni görevler var:\n\n{tasks}\n\nAlarmlarınıza uyan tüm görevler: {link}\n\nBu e-postayı günde en fazla bir kez göndeririz. Alarmlarınızı aynı sayfada değiştirebilir veya silebilirsiniz.',
    },
  },
  et: {
    registration_confirm: {
      subject: 'Kinnitage oma Talka konto',
      body:
        'Tere!\n\nTalka konto loomise lõpetamiseks kinnitage oma e-posti aadress:\n\n{link}\n\n' +
        'Link kehtib 24 tundi. Kui te kontot ei loonud, jätke see kiri tähelepanuta – kontot ' +
        'ei looda.',
    },
    registration_existing: {
      subject: 'Keegi proovis teie aadressiga registreeruda',
      body:
        'Tere, {name}!\n\nKeegi – võib-olla teie ise – proovis selle e-posti aadressiga luua ' +
        'uue Talka konto. Teil on juba konto olemas, seega midagi ei muudetud.\n\n' +
        'Sisse saate logida siin: {link}\n\nKui see polnud teie, jätke see kiri tähelepanuta – ' +
        'teie konto ja parool jäävad samaks.',
    },
    task_alert: {
      subject: 'Uued ülesanded teile Talkas',
      body: 'Tere, {name}!\n\nTeie teavitustele vastavad uued ülesanded:\n\n{tasks}\n\nKõik teie teavitustele vastavad ülesanded: {link}\n\nSellist kirja saadame kõige rohkem kord päevas. Teavitusi saate muuta või kustutada samal lehel.',
    },
  },
  lt: {
    registration_confirm: {
      subject: 'Patvirtinkite savo Talka paskyrą',
      body:
        'Sveiki,\n\npatvirtinkite savo el. pašto adresą, kad užbaigtumėte Talka paskyros ' +
        'kūrimą:\n\n{link}\n\nNuoroda galioja 24 valandas. Jei paskyros nekūrėte, nekreipkite ' +
        'dėmesio į šį laišką – paskyra nebus sukurta.',
    },
    registration_existing: {
      subject: 'Kažkas bandė užsiregistruoti jūsų adresu',
      body:
        'Sveiki, {name},\n\nkažkas – galbūt jūs – bandė sukurti naują Talka paskyrą su šiuo ' +
        'el. pašto adresu. Jūs jau turite paskyrą, todėl niekas nepakeista.\n\n' +
        'Prisijunkite čia: {link}\n\nJei tai buvote ne jūs, nekreipkite dėmesio į šį laišką – ' +
        'jūsų paskyra ir slaptažodis lieka nepakeisti.',
    },
    task_alert: {
      subject: 'Naujos užduotys jums Talka',
      body: 'Sveiki, {name},\n\njūsų prenumeratas atitinka naujos užduotys:\n\n{tasks}\n\nVisos jūsų prenumeratas atitinkančios užduotys: {link}\n\nTokį laišką siunčiame ne dažniau kaip kartą per dieną. Prenumeratas galite pakeisti arba ištrinti tame pačiame puslapyje.',
    },
  },
};

const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export interface OutgoingMail {
  to: string;
  locale: Locale;
  template: MailTemplate;
  values: Record<string, string>;
}

export interface QueuedMail {
  id: string;
  subject: string;
  body: string;
}

/** Renders and stores a message in email_outbox (inside the caller's transaction). */
export async function queueMail(db: Queryable, mail: OutgoingMail): Promise<QueuedMail> {
  const text = mailTexts[mail.locale][mail.template];
  const subject = fill(text.subject, mail.values);
  const body = fill(text.body, mail.values);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO email_outbox (to_email, locale, template, subject, body)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id`,
    [mail.to, mail.locale, mail.template, subject, body],
  );
  return { id: row.id, subject, body };
}

export const outboxDirOf = (dataDir: string): string => path.join(dataDir, 'outbox');

/**
 * Writes a queued message as DATA_DIR/outbox/<id>.eml (headers, a blank line, the body) and logs
 * where it is. The token in the link stays out of the log. A failed write is logged, not thrown:
 * the row is the message of record.
 */
export async function writeMailFile(
  dataDir: string,
  log: FastifyBaseLogger,
  mail: OutgoingMail,
  queued: QueuedMail,
): Promise<void> {
  const dir = outboxDirOf(dataDir);
  const file = path.join(dir, `${queued.id.padStart(8, '0')}.eml`);
  const text =
    `To: ${mail.to}\nSubject: ${queued.subject}\nContent-Language: ${mail.locale}\n` +
    `X-Talka-Template: ${mail.template}\n\n${queued.body}\n`;
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(file, text, { encoding: 'utf8', mode: 0o600 });
    log.info({ outboxId: queued.id, template: mail.template, file }, 'email queued in the outbox');
  } catch (err) {
    log.warn({ err, outboxId: queued.id }, 'could not write the outbox file');
  }
}
