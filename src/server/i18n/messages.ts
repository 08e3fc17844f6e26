/** The few texts the API itself answers with, in every UI language. Ids match the SPA catalogs. */
import type { Locale } from '../../shared/locales';

export type ServerMessageId =
  | 'errors.unauthenticated'
  | 'errors.session_expired'
  | 'errors.csrf_mismatch'
  | 'errors.too_many_requests'
  | 'errors.not_found'
  | 'errors.forbidden'
  | 'errors.bad_request'
  | 'errors.payload_too_large'
  | 'offers.freelancer_deleted'
  | 'offers.author_deleted'
  | 'errors.conflict'
  | 'errors.server_error'
  | 'errors.db_unavailable'
  | 'errors.validation_failed'
  | 'auth.invalid_credentials'
  | 'validation.required'
  | 'validation.email'
  | 'validation.min_length'
  | 'validation.max_length'
  | 'validation.accept_terms'
  | 'validation.invalid'
  | 'completion.not_in_progress'
  | 'completion.already_reviewed'
  | 'completion.review_window_closed'
  | 'reports.already_reported'
  | 'chat.offer_not_live'
  | 'moderation.task_removed'
  | 'auth.suspended'
  | 'moderation.cannot_suspend_moderator'
  | 'questions.closed'
  | 'questions.already_reported'
  | 'alerts.too_many'
  | 'alerts.freelancers_only';

export const serverMessages: Record<Locale, Record<ServerMessageId, string>> = {
  en: {
    'errors.unauthenticated': 'Please log in to continue.',
    'errors.session_expired': 'Your session has expired. Please log in again.',
    'errors.csrf_mismatch': 'The page has expired. Please try again.',
    'errors.too_many_requests': 'Too many requests. Please wait a minute and try again.',
    'errors.not_found': 'Not found.',
    'errors.forbidden': 'You are not allowed to do this.',
    'errors.bad_request': 'The request could not be understood.',
    'errors.payload_too_large': 'The request is too large.',
    'offers.freelancer_deleted':
      'This freelancer has deleted their account, so their offer cannot be chosen.',
    'offers.author_deleted':
      'The author of this task has deleted their account, so it takes no new offers.',
    'errors.conflict': 'This has changed in the meantime. Reload and try again.',
    'errors.server_error': 'Server error',
    'errors.db_unavailable': 'The service is temporarily unavailable. Please try again shortly.',
    'errors.validation_failed': 'The given data was invalid.',
    'auth.invalid_credentials': 'These credentials do not match our records.',
    'validation.required': 'This field is required.',
    'validation.email': 'Enter a valid email address.',
    'validation.min_length': 'Use at least {min, plural, one {# character} other {# characters}}.',
    'validation.max_length': 'Use at most {max, plural, one {# character} other {# characters}}.',
    'validation.accept_terms': 'Accept the terms to continue.',
    'validation.invalid': 'This value is not valid.',
    'completion.not_in_progress': 'This task cannot be completed now.',
    'completion.already_reviewed': 'You have already left your feedback on this task.',
    'completion.review_window_closed': 'The time to leave feedback on this task has passed.',
    'reports.already_reported': 'You have already reported this task.',
    'chat.offer_not_live':
      'Your offer on this task is no longer open, so you cannot write in this chat.',
    'moderation.task_removed': 'This task was removed by moderation.',
    'auth.suspended':
      'This account has been suspended by moderation. Contact support if you think this is a mistake.',
    'moderation.cannot_suspend_moderator': 'A moderator cannot be suspended.',
    'questions.closed': 'Questions on this task are closed: an offer has been chosen.',
    'questions.already_reported': 'You have already reported this question.',
    'alerts.too_many':
      'You can keep at most {max, plural, one {# alert} other {# alerts}}. Delete one to add another.',
    'alerts.freelancers_only':
      'Task alerts are for freelancers. Become a freelancer to save alerts.',
  },
  lv: {
    'errors.unauthenticated': 'Lūdzu, piesakieties, lai turpinātu.',
    'errors.session_expired': 'Jūsu sesija ir beigusies. Lūdzu, piesakieties vēlreiz.',
    'errors.csrf_mismatch': 'Lapas derīgums ir beidzies. Lūdzu, mēģiniet vēlreiz.',
    'errors.too_many_requests':
      'Pārāk daudz pieprasījumu. Lūdzu, uzgaidiet minūti un mēģiniet vēlreiz.',
    'errors.not_found': 'Nav atrasts.',
    'errors.forbidden': 'Jums nav atļauts to darīt.',
    'errors.bad_request': 'Pieprasījumu nevarēja saprast.',
    'errors.payload_too_large': 'Pieprasījums ir pārāk liels.',
    'offers.freelancer_deleted':
      'Šis izpildītājs ir dzēsis savu kontu, tāpēc viņa piedāvājumu nevar izvēlēties.',
    'offers.author_deleted':
      'Šī uzdevuma autors ir dzēsis savu kontu, tāpēc jaunus piedāvājumus tam vairs nevar iesniegt.',
    'errors.conflict': 'Pa to laiku kaut kas ir mainījies. Pārlādējiet lapu un mēģiniet vēlreiz.',
    'errors.server_error': 'Servera kļūda',
    'errors.db_unavailable':
      'Pakalpojums īslaicīgi nav pieejams. Lūdzu, mēģiniet vēlreiz pēc brīža.',
    'errors.validation_failed': 'Norādītie dati nav derīgi.',
    'auth.invalid_credentials': 'Nepareiza e-pasta adrese vai parole.',
    'validation.required': 'Šis lauks ir obligāts.',
    'validation.email': 'Ievadiet derīgu e-pasta adresi.',
    'validation.min_length':
      'Izmantojiet vismaz {min, plural, zero {# rakstzīmju} one {# rakstzīmi} other {# rakstzīmes}}.',
    'validation.max_length':
      'Izmantojiet ne vairāk kā {max, plural, zero {# rakstzīmju} one {# rakstzīmi} other {# rakstzīmes}}.',
    'validation.accept_terms': 'Lai turpinātu, piekrītiet noteikumiem.',
    'validation.invalid': 'Šī vērtība nav derīga.',
    'completion.not_in_progress': 'Šo uzdevumu pašlaik nevar atzīmēt kā izpildītu.',
    'completion.already_reviewed': 'Jūsu atsauksme par šo uzdevumu jau ir saņemta.',
    'completion.review_window_closed': 'Laiks atsauksmes atstāšanai par šo uzdevumu ir beidzies.',
    'reports.already_reported': 'Jūsu ziņojums par šo uzdevumu jau ir saņemts.',
    'chat.offer_not_live':
      'Jūsu piedāvājums šim uzdevumam vairs nav spēkā, tāpēc šajā tērzēšanā rakstīt nevarat.',
    'moderation.task_removed': 'Moderators ir noņēmis šo uzdevumu.',
    'auth.suspended':
      'Moderators ir apturējis šo kontu. Ja domājat, ka tā ir kļūda, sazinieties ar atbalsta dienestu.',
    'moderation.cannot_suspend_moderator': 'Moderatora kontu nevar apturēt.',
    'questions.closed': 'Jautājumi par šo uzdevumu ir slēgti: piedāvājums jau ir izvēlēts.',
    'questions.already_reported': 'Jūsu ziņojums par šo jautājumu jau ir saņemts.',
    'alerts.too_many':
      'Var saglabāt ne vairāk kā {max, plural, zero {# paziņojumu} one {# paziņojumu} other {# paziņojumus}}. Izdzēsiet kādu, lai pievienotu jaunu.',
    'alerts.freelancers_only':
      'Uzdevumu paziņojumi ir izpildītājiem. Kļūstiet par izpildītāju, lai saglabātu paziņojumus.',
  },
  ru: {
    'errors.unauthenticated': 'Пожалуйста, войдите, чтобы продолжить.',
    'errors.session_expired': 'Ваш сеанс истёк. Пожалуйста, войдите снова.',
    'errors.csrf_mismatch': 'Срок действия страницы истёк. Пожалуйста, попробуйте ещё раз.',
    'errors.too_many_requests': 'Слишком много запросов. Подождите минуту и попробуйте снова.',
    'errors.not_found': 'Не найдено.',
    'errors.forbidden': 'У вас нет прав на это действие.',
    'errors.bad_request': 'Не удалось обработать запрос.',
    'errors.payload_too_large': 'Запрос слишком большой.',
    'offers.freelancer_deleted':
      'Этот исполнитель удалил свой аккаунт, поэтому его предложение нельзя выбрать.',
    'offers.author_deleted':
      'Автор этого задания удалил свой аккаунт, поэтому новые предложения к нему не принимаются.',
    'errors.conflict': 'За это время что-то изменилось. Обновите страницу и попробуйте снова.',
    'errors.server_error': 'Ошибка сервера',
    'errors.db_unavailable': 'Сервис временно недоступен. Пожалуйста, попробуйте чуть позже.',
    'errors.validation_failed': 'Переданные данные некорректны.',
    'auth.invalid_credentials': 'Неверный адрес электронной почты или пароль.',
    'validation.required': 'Это поле обязательно.',
    'validation.email': 'Введите корректный адрес электронной почты.',
    'validation.min_length':
      'Минимум {min, plural, one {# символ} few {# символа} many {# символов} other {# символа}}.',
    'validation.max_length':
      'Максимум {max, plural, one {# символ} few {# символа} many {# символов} other {# символа}}.',
    'validation.accept_terms': 'Примите условия, чтобы продолжить.',
    'validation.invalid': 'Недопустимое значение.',
    'completion.not_in_progress': 'Сейчас это задание нельзя завершить.',
    'completion.already_reviewed': 'Вы уже оставили отзыв об этом задании.',
    'completion.review_window_closed':
      'Срок, в течение которого можно оставить отзыв об этом задании, истёк.',
    'reports.already_reported': 'Вы уже пожаловались на это задание.',
    'chat.offer_not_live':
      'Ваше предложение по этому заданию больше не действует, поэтому писать в этот чат нельзя.',
    'moderation.task_removed': 'Это задание удалено модерацией.',
    'auth.suspended':
      'Этот аккаунт заблокирован модерацией. Если вы считаете это ошибкой, обратитесь в поддержку.',
    'moderation.cannot_suspend_moderator': 'Модератора нельзя заблокировать.',
    'questions.closed': 'Вопросы по этому заданию закрыты: предложение уже выбрано.',
    'questions.already_reported': 'Вы уже пожаловались на этот вопрос.',
    'alerts.too_many':
      'Можно сохранить не больше {max, plural, one {# оповещения} few {# оповещений} many {# оповещений} other {# оповещения}}. Удалите одно, чтобы добавить новое.',
    'alerts.freelancers_only':
      'Оповещения о заданиях — для исполнителей. Станьте исполнителем, чтобы сохранять оповещения.',
  },
  tr: {
    'errors.unauthenticated': 'Devam etmek için lütfen giriş yapın.',
    'errors.session_expired': 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.',
    'errors.csrf_mismatch': 'Sayfanın süresi doldu. Lütfen tekrar deneyin.',
    'errors.too_many_requests': 'Çok fazla istek. Lütfen bir dakika bekleyip tekrar deneyin.',
    'errors.not_found': 'Bulunamadı.',
    'errors.forbidden': 'Bunu yapma izniniz yok.',
    'errors.bad_request': 'İstek anlaşılamadı.',
    'errors.payload_too_large': 'İstek çok büyük.',
    'offers.freelancer_deleted': 'Bu serbest çalışan hesabını sildi, bu yüzden teklifi seçilemez.',
    'offers.author_deleted':
      'Bu görevin sahibi hesabını sildi, bu yüzden göreve yeni teklif verilemez.',
    'errors.conflict': 'Bu arada bir şey değişti. Sayfayı yenileyip tekrar deneyin.',
    'errors.server_error': 'Sunucu hatası',
    'errors.db_unavailable': 'Hizmet geçici olarak kullanılamıyor. Lütfen birazdan tekrar deneyin.',
    'errors.validation_failed': 'Gönderilen veriler geçersiz.',
    'auth.invalid_credentials': 'E-posta adresi veya şifre hatalı.',
    'validation.required': 'Bu alan zorunludur.',
    'validation.email': 'Geçerli bir e-posta adresi girin.',
    'validation.min_length': 'En az {min, plural, one {# karakter} other {# karakter}} kullanın.',
    'validation.max_length':
      'En fazla {max, plural, one {# karakter} other {# karakter}} kullanın.',
    'validation.accept_terms': 'Devam etmek için koşulları kabul edin.',
    'validation.invalid': 'Bu değer geçerli değil.',
    'completion.not_in_progress': 'Bu görev şu anda tamamlanamaz.',
    'completion.already_reviewed': 'Bu görev için zaten geri bildirim bıraktınız.',
    'completion.review_window_closed': 'Bu görev için geri bildirim bırakma süresi doldu.',
    'reports.already_reported': 'Bu görevi zaten bildirdiniz.',
    'chat.offer_not_live':
      'Bu görev için teklifiniz artık geçerli değil, bu yüzden bu sohbete yazamazsınız.',
    'moderation.task_removed': 'Bu görev moderasyon tarafından kaldırıldı.',
    'auth.suspended':
      'Bu hesap moderasyon tarafından askıya alındı. Bunun bir hata olduğunu düşünüyorsanız destek ekibiyle iletişime geçin.',
    'moderation.cannot_suspend_moderator': 'Bir moderatör askıya alınamaz.',
    'questions.closed': 'Bu görevle ilgili sorular kapandı: bir teklif seçildi.',
    'questions.already_reported': 'Bu soruyu zaten bildirdiniz.',
    'alerts.too_many':
      'En fazla {max, plural, one {# alarm} other {# alarm}} saklayabilirsiniz. Yenisini eklemek için birini silin.',
    'alerts.freelancers_only':
      'Görev alarmları serbest çalışanlar içindir. Alarm kaydetmek için serbest çalışan olun.',
  },
  et: {
    'errors.unauthenticated': 'Jätkamiseks logige sisse.',
    'errors.session_expired': 'Teie seanss on aegunud. Palun logige uuesti sisse.',
    'errors.csrf_mismatch': 'Leht on aegunud. Palun proovige uuesti.',
    'errors.too_many_requests': 'Liiga palju päringuid. Oodake minut ja proovige uuesti.',
    'errors.not_found': 'Ei leitud.',
    'errors.forbidden': 'Teil pole selleks õigust.',
    'errors.bad_request': 'Päringust ei saadud aru.',
    'errors.payload_too_large': 'Päring on liiga suur.',
    'offers.freelancer_deleted':
      'See tegija on oma konto kustutanud, seega tema pakkumist ei saa valida.',
    'offers.author_deleted':
      'Selle ülesande autor on oma konto kustutanud, seega sellele ei saa enam uusi pakkumisi teha.',
    'errors.conflict': 'Vahepeal on midagi muutunud. Laadige leht uuesti ja proovige uuesti.',
    'errors.server_error': 'Serveri viga',
    'errors.db_unavailable': 'Teenus on ajutiselt kättesaamatu. Palun proovige varsti uuesti.',
    'errors.validation_failed': 'Esitatud andmed on vigased.',
    'auth.invalid_credentials': 'Vale e-posti aadress või parool.',
    'validation.required': 'See väli on kohustuslik.',
    'validation.email': 'Sisestage kehtiv e-posti aadress.',
    'validation.min_length': 'Kasutage vähemalt {min, plural, one {# märki} other {# märki}}.',
    'validation.max_length': 'Kasutage kõige rohkem {max, plural, one {# märki} other {# märki}}.',
    'validation.accept_terms': 'Jätkamiseks nõustuge tingimustega.',
    'validation.invalid': 'See väärtus ei ole kehtiv.',
    'completion.not_in_progress': 'Seda ülesannet ei saa praegu tehtuks märkida.',
    'completion.already_reviewed': 'Olete selle ülesande kohta juba tagasisidet andnud.',
    'completion.review_window_closed': 'Selle ülesande kohta tagasiside andmise aeg on möödas.',
    'reports.already_reported': 'Olete sellest ülesandest juba teatanud.',
    'chat.offer_not_live':
      'Teie pakkumine sellele ülesandele ei kehti enam, seega ei saa te sellesse vestlusesse kirjutada.',
    'moderation.task_removed': 'Moderaator eemaldas selle ülesande.',
    'auth.suspended':
      'Moderaator on selle konto peatanud. Kui arvate, et see on viga, võtke ühendust toega.',
    'moderation.cannot_suspend_moderator': 'Moderaatorit ei saa peatada.',
    'questions.closed': 'Selle ülesande küsimused on suletud: pakkumine on juba valitud.',
    'questions.already_reported': 'Olete sellest küsimusest juba teatanud.',
    'alerts.too_many':
      'Saate hoida kuni {max, plural, one {# teavituse} other {# teavitust}}. Uue lisamiseks kustutage mõni.',
    'alerts.freelancers_only':
      'Ülesannete teavitused on tegijatele. Teavituste salvestamiseks hakake tegijaks.',
  },
  lt: {
    'errors.unauthenticated': 'Norėdami tęsti, prisijunkite.',
    'errors.session_expired': 'Jūsų sesija baigėsi. Prisijunkite iš naujo.',
    'errors.csrf_mismatch': 'Puslapio galiojimas baigėsi. Bandykite dar kartą.',
    'errors.too_many_requests': 'Per daug užklausų. Palaukite minutę ir bandykite dar kartą.',
    'errors.not_found': 'Nerasta.',
    'errors.forbidden': 'Jums neleidžiama to daryti.',
    'errors.bad_request': 'Užklausos nepavyko suprasti.',
    'errors.payload_too_large': 'Užklausa per didelė.',
    'offers.freelancer_deleted':
      'Šis vykdytojas ištrynė savo paskyrą, todėl jo pasiūlymo pasirinkti negalima.',
    'offers.author_deleted':
      'Šios užduoties autorius ištrynė savo paskyrą, todėl naujų pasiūlymų jai pateikti negalima.',
    'errors.conflict': 'Tuo metu kažkas pasikeitė. Perkraukite puslapį ir bandykite dar kartą.',
    'errors.server_error': 'Serverio klaida',
    'errors.db_unavailable': 'Paslauga laikinai nepasiekiama. Bandykite dar kartą netrukus.',
    'errors.validation_failed': 'Pateikti duomenys neteisingi.',
    'auth.invalid_credentials': 'Neteisingas el. pašto adresas arba slaptažodis.',
    'validation.required': 'Šis laukas privalomas.',
    'validation.email': 'Įveskite galiojantį el. pašto adresą.',
    'validation.min_length':
      'Naudokite bent {min, plural, one {# simbolį} few {# simbolius} many {# simbolio} other {# simbolių}}.',
    'validation.max_length':
      'Naudokite ne daugiau kaip {max, plural, one {# simbolį} few {# simbolius} many {# simbolio} other {# simbolių}}.',
    'validation.accept_terms': 'Norėdami tęsti, sutikite su sąlygomis.',
    'validation.invalid': 'Ši reikšmė netinkama.',
    'completion.not_in_progress': 'Šios užduoties dabar užbaigti negalima.',
    'completion.already_reviewed': 'Jau palikote atsiliepimą apie šią užduotį.',
    'completion.review_window_closed': 'Atsiliepimo apie šią užduotį palikimo laikas baigėsi.',
    'reports.already_reported': 'Apie šią užduotį jau pranešėte.',
    'chat.offer_not_live':
      'Jūsų pasiūlymas šiai užduočiai nebegalioja, todėl šiame pokalbyje rašyti negalite.',
    'moderation.task_removed': 'Šią užduotį pašalino moderatorius.',
    'auth.suspended':
      'Šią paskyrą užblokavo moderatorius. Jei manote, kad tai klaida, susisiekite su pagalbos tarnyba.',
    'moderation.cannot_suspend_moderator': 'Moderatoriaus negalima užblokuoti.',
    'questions.closed': 'Klausimai apie šią užduotį uždaryti: pasiūlymas jau pasirinktas.',
    'questions.already_reported': 'Apie šį klausimą jau pranešėte.',
    'alerts.too_many':
      'Galite turėti ne daugiau kaip {max, plural, one {# prenumeratą} few {# prenumeratas} many {# prenumeratos} other {# prenumeratų}}. Ištrinkite vieną, kad pridėtumėte naują.',
    'alerts.freelancers_only':
      'Užduočių prenumeratos skirtos vykdytojams. Tapkite vykdytoju, kad galėtumėte išsaugoti prenumeratas.',
  },
};
