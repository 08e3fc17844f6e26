/**
 * The category tree (reference data, upserted on every seed so new translations land).
 *
 * All sixteen categories with a localised picture (SPEC section 3) are top-level: they are what the
 * sidebar lists with a picture. The four defined top ids (1, 11, 130, 149) are among them. Each top
 * category has two to four children whose ids sit in the gap after the parent id, so the pictured ids
 * stay stable. Slugs are English kebab-case and unique; `position` orders siblings.
 */
import type { Localized } from '../../../shared/locales';

export interface CategorySeed {
  id: number;
  parentId: number | null;
  slug: string;
  position: number;
  title: Localized;
}

interface TopSeed {
  id: number;
  slug: string;
  title: Localized;
  children: { id: number; slug: string; title: Localized }[];
}

const TREE: TopSeed[] = [
  {
    id: 1,
    slug: 'courier',
    title: {
      lv: 'Kurjerpakalpojumi',
      en: 'Courier services',
      ru: 'Курьерские услуги',
      tr: 'Kurye hizmetleri',
      et: 'Kullerteenused',
      lt: 'Kurjerių paslaugos',
    },
    children: [
      {
        id: 2,
        slug: 'document-delivery',
        title: {
          lv: 'Dokumentu piegāde',
          en: 'Document delivery',
          ru: 'Доставка документов',
          tr: 'Evrak teslimatı',
          et: 'Dokumentide kättetoimetamine',
          lt: 'Dokumentų pristatymas',
        },
      },
      {
        id: 3,
        slug: 'food-and-grocery-delivery',
        title: {
          lv: 'Ēdiena un pārtikas piegāde',
          en: 'Food and grocery delivery',
          ru: 'Доставка еды и продуктов',
          tr: 'Yemek ve market teslimatı',
          et: 'Toidu ja poekaupade kättetoimetamine',
          lt: 'Maisto ir prekių pristatymas',
        },
      },
      {
        id: 4,
        slug: 'parcel-delivery',
        title: {
          lv: 'Paku piegāde',
          en: 'Parcel delivery',
          ru: 'Доставка посылок',
          tr: 'Paket teslimatı',
          et: 'Pakkide kättetoimetamine',
          lt: 'Siuntinių pristatymas',
        },
      },
      {
        id: 5,
        slug: 'shopping-and-delivery',
        title: {
          lv: 'Iepirkšanās un piegāde',
          en: 'Shopping and delivery',
          ru: 'Покупка и доставка',
          tr: 'Alışveriş ve teslimat',
          et: 'Ostmine ja kohaletoimetamine',
          lt: 'Apsipirkimas ir pristatymas',
        },
      },
    ],
  },
  {
    id: 11,
    slug: 'home-repair-and-construction',
    title: {
      lv: 'Mājas remonts un celtniecība',
      en: 'Home repair and construction',
      ru: 'Ремонт и строительство',
      tr: 'Ev tadilatı ve inşaat',
      et: 'Koduremont ja ehitus',
      lt: 'Namų remontas ir statyba',
    },
    children: [
      {
        id: 12,
        slug: 'plumbing',
        title: {
          lv: 'Santehniķa darbi',
          en: 'Plumbing',
          ru: 'Сантехнические работы',
          tr: 'Sıhhi tesisat',
          et: 'Torutööd',
          lt: 'Santechnikos darbai',
        },
      },
      {
        id: 13,
        slug: 'electrical-work',
        title: {
          lv: 'Elektriķa darbi',
          en: 'Electrical work',
          ru: 'Электромонтажные работы',
          tr: 'Elektrik işleri',
          et: 'Elektritööd',
          lt: 'Elektros darbai',
        },
      },
      {
        id: 14,
        slug: 'painting-and-decorating',
        title: {
          lv: 'Krāsošana un apdare',
          en: 'Painting and decorating',
          ru: 'Покраска и отделка',
          tr: 'Boya ve dekorasyon',
          et: 'Värvimine ja viimistlus',
          lt: 'Dažymas ir apdaila',
        },
      },
      {
        id: 15,
        slug: 'furniture-assembly',
        title: {
          lv: 'Mēbeļu montāža',
          en: 'Furniture assembly',
          ru: 'Сборка мебели',
          tr: 'Mobilya montajı',
          et: 'Mööbli kokkupanek',
          lt: 'Baldų surinkimas',
        },
      },
    ],
  },
  {
    id: 31,
    slug: 'transport-and-freight',
    title: {
      lv: 'Transports un kravu pārvadājumi',
      en: 'Transport and freight',
      ru: 'Транспорт и грузоперевозки',
      tr: 'Taşımacılık ve nakliye',
      et: 'Transport ja veod',
      lt: 'Transportas ir krovinių pervežimas',
    },
    children: [
      {
        id: 32,
        slug: 'moving-house',
        title: {
          lv: 'Pārvākšanās',
          en: 'Moving house',
          ru: 'Переезды',
          tr: 'Ev taşıma',
          et: 'Kolimine',
          lt: 'Perkraustymas',
        },
      },
      {
        id: 33,
        slug: 'furniture-transport',
        title: {
          lv: 'Mēbeļu pārvadāšana',
          en: 'Furniture transport',
          ru: 'Перевозка мебели',
          tr: 'Mobilya taşıma',
          et: 'Mööblivedu',
          lt: 'Baldų pervežimas',
        },
      },
      {
        id: 34,
        slug: 'rubbish-removal',
        title: {
          lv: 'Atkritumu izvešana',
          en: 'Rubbish removal',
          ru: 'Вывоз мусора',
          tr: 'Atık ve moloz taşıma',
          et: 'Prügi äravedu',
          lt: 'Šiukšlių išvežimas',
        },
      },
      {
        id: 35,
        slug: 'passenger-transport',
        title: {
          lv: 'Pasažieru pārvadājumi',
          en: 'Passenger transport',
          ru: 'Пассажирские перевозки',
          tr: 'Yolcu taşımacılığı',
          et: 'Reisijatevedu',
          lt: 'Keleivių pervežimas',
        },
      },
    ],
  },
  {
    id: 42,
    slug: 'house-cleaning',
    title: {
      lv: 'Mājas uzkopšana',
      en: 'House cleaning',
      ru: 'Уборка дома',
      tr: 'Ev temizliği',
      et: 'Kodukoristus',
      lt: 'Namų valymas',
    },
    children: [
      {
        id: 43,
        slug: 'regular-cleaning',
        title: {
          lv: 'Regulāra uzkopšana',
          en: 'Regular cleaning',
          ru: 'Регулярная уборка',
          tr: 'Düzenli temizlik',
          et: 'Regulaarne koristus',
          lt: 'Reguliarus valymas',
        },
      },
      {
        id: 44,
        slug: 'deep-cleaning',
        title: {
          lv: 'Ģenerāltīrīšana',
          en: 'Deep cleaning',
          ru: 'Генеральная уборка',
          tr: 'Detaylı temizlik',
          et: 'Suurpuhastus',
          lt: 'Generalinis valymas',
        },
      },
      {
        id: 45,
        slug: 'window-cleaning',
        title: {
          lv: 'Logu mazgāšana',
          en: 'Window cleaning',
          ru: 'Мытьё окон',
          tr: 'Cam temizliği',
          et: 'Akende pesemine',
          lt: 'Langų valymas',
        },
      },
      {
        id: 46,
        slug: 'post-renovation-cleaning',
        title: {
          lv: 'Uzkopšana pēc remonta',
          en: 'Post-renovation cleaning',
          ru: 'Уборка после ремонта',
          tr: 'İnşaat sonrası temizlik',
          et: 'Remondijärgne koristus',
          lt: 'Valymas po remonto',
        },
      },
    ],
  },
  {
    id: 56,
    slug: 'digital-assistant',
    title: {
      lv: 'Digitālais vai virtuālais asistents',
      en: 'Digital or virtual assistant',
      ru: 'Цифровой или виртуальный ассистент',
      tr: 'Dijital veya sanal asistan',
      et: 'Digitaalne või virtuaalne assistent',
      lt: 'Skaitmeninis ar virtualus asistentas',
    },
    children: [
      {
        id: 57,
        slug: 'data-entry',
        title: {
          lv: 'Datu ievade',
          en: 'Data entry',
          ru: 'Ввод данных',
          tr: 'Veri girişi',
          et: 'Andmesisestus',
          lt: 'Duomenų įvedimas',
        },
      },
      {
        id: 58,
        slug: 'email-and-calendar-management',
        title: {
          lv: 'E-pasta un kalendāra pārvaldība',
          en: 'Email and calendar management',
          ru: 'Ведение почты и календаря',
          tr: 'E-posta ve takvim yönetimi',
          et: 'E-posti ja kalendri haldamine',
          lt: 'El. pašto ir kalendoriaus tvarkymas',
        },
      },
      {
        id: 59,
        slug: 'online-research',
        title: {
          lv: 'Informācijas meklēšana internetā',
          en: 'Online research',
          ru: 'Поиск информации в интернете',
          tr: 'İnternet araştırması',
          et: 'Info otsimine internetist',
          lt: 'Informacijos paieška internete',
        },
      },
    ],
  },
  {
    id: 64,
    slug: 'it-and-computer-help',
    title: {
      lv: 'IT un datoru palīdzība',
      en: 'IT and computer help',
      ru: 'IT и компьютерная помощь',
      tr: 'BT ve bilgisayar desteği',
      et: 'IT- ja arvutiabi',
      lt: 'IT ir kompiuterių pagalba',
    },
    children: [
      {
        id: 65,
        slug: 'computer-setup',
        title: {
          lv: 'Datora iestatīšana',
          en: 'Computer setup',
          ru: 'Настройка компьютера',
          tr: 'Bilgisayar kurulumu',
          et: 'Arvuti seadistamine',
          lt: 'Kompiuterio nustatymas',
        },
      },
      {
        id: 66,
        slug: 'network-and-wifi-setup',
        title: {
          lv: 'Tīkla un Wi-Fi iestatīšana',
          en: 'Network and Wi-Fi setup',
          ru: 'Настройка сети и Wi-Fi',
          tr: 'Ağ ve Wi-Fi kurulumu',
          et: 'Võrgu ja WiFi seadistamine',
          lt: 'Tinklo ir Wi-Fi nustatymas',
        },
      },
      {
        id: 67,
        slug: 'software-installation',
        title: {
          lv: 'Programmatūras instalēšana',
          en: 'Software installation',
          ru: 'Установка программ',
          tr: 'Yazılım kurulumu',
          et: 'Tarkvara paigaldamine',
          lt: 'Programinės įrangos diegimas',
        },
      },
      {
        id: 68,
        slug: 'data-recovery',
        title: {
          lv: 'Datu atjaunošana',
          en: 'Data recovery',
          ru: 'Восстановление данных',
          tr: 'Veri kurtarma',
          et: 'Andmete taastamine',
          lt: 'Duomenų atkūrimas',
        },
      },
    ],
  },
  {
    id: 74,
    slug: 'event-hosting',
    title: {
      lv: 'Pasākumu organizēšana',
      en: 'Event hosting',
      ru: 'Организация мероприятий',
      tr: 'Etkinlik organizasyonu',
      et: 'Ürituste korraldamine',
      lt: 'Renginių organizavimas',
    },
    children: [
      {
        id: 75,
        slug: 'hosts-and-mcs',
        title: {
          lv: 'Pasākumu vadītāji',
          en: 'Hosts and MCs',
          ru: 'Ведущие',
          tr: 'Sunucular',
          et: 'Õhtujuhid',
          lt: 'Renginių vedėjai',
        },
      },
      {
        id: 76,
        slug: 'djs-and-musicians',
        title: {
          lv: 'Dīdžeji un mūziķi',
          en: 'DJs and musicians',
          ru: 'Диджеи и музыканты',
          tr: 'DJ ve müzisyenler',
          et: 'DJ-d ja muusikud',
          lt: 'Didžėjai ir muzikantai',
        },
      },
      {
        id: 77,
        slug: 'catering',
        title: {
          lv: 'Ēdināšana',
          en: 'Catering',
          ru: 'Кейтеринг',
          tr: 'İkram hizmetleri',
          et: 'Toitlustus',
          lt: 'Maitinimas',
        },
      },
      {
        id: 78,
        slug: 'event-decoration',
        title: {
          lv: 'Pasākumu noformēšana',
          en: 'Event decoration',
          ru: 'Оформление мероприятий',
          tr: 'Etkinlik süsleme',
          et: 'Ürituste kujundus',
          lt: 'Renginių dekoravimas',
        },
      },
    ],
  },
  {
    id: 85,
    slug: 'graphic-design',
    title: {
      lv: 'Grafiskais dizains',
      en: 'Graphic design',
      ru: 'Графический дизайн',
      tr: 'Grafik tasarım',
      et: 'Graafiline disain',
      lt: 'Grafinis dizainas',
    },
    children: [
      {
        id: 86,
        slug: 'logo-design',
        title: {
          lv: 'Logotipu dizains',
          en: 'Logo design',
          ru: 'Дизайн логотипов',
          tr: 'Logo tasarımı',
          et: 'Logo kujundamine',
          lt: 'Logotipų kūrimas',
        },
      },
      {
        id: 87,
        slug: 'print-design',
        title: {
          lv: 'Drukas dizains',
          en: 'Print design',
          ru: 'Полиграфический дизайн',
          tr: 'Baskı tasarımı',
          et: 'Trükidisain',
          lt: 'Spaudos dizainas',
        },
      },
      {
        id: 88,
        slug: 'social-media-graphics',
        title: {
          lv: 'Sociālo tīklu grafika',
          en: 'Social media graphics',
          ru: 'Графика для соцсетей',
          tr: 'Sosyal medya görselleri',
          et: 'Sotsiaalmeedia graafika',
          lt: 'Socialinių tinklų grafika',
        },
      },
    ],
  },
  {
    id: 96,
    slug: 'web-development',
    title: {
      lv: 'Tīmekļa izstrāde',
      en: 'Web development',
      ru: 'Веб-разработка',
      tr: 'Web geliştirme',
      et: 'Veebiarendus',
      lt: 'Žiniatinklio kūrimas',
    },
    children: [
      {
        id: 97,
        slug: 'websites',
        title: {
          lv: 'Mājaslapu izstrāde',
          en: 'Websites',
          ru: 'Создание сайтов',
          tr: 'Web sitesi yapımı',
          et: 'Kodulehtede loomine',
          lt: 'Svetainių kūrimas',
        },
      },
      {
        id: 98,
        slug: 'online-stores',
        title: {
          lv: 'Interneta veikali',
          en: 'Online stores',
          ru: 'Интернет-магазины',
          tr: 'E-ticaret siteleri',
          et: 'E-poed',
          lt: 'Elektroninės parduotuvės',
        },
      },
      {
        id: 99,
        slug: 'website-maintenance',
        title: {
          lv: 'Mājaslapu uzturēšana',
          en: 'Website maintenance',
          ru: 'Поддержка сайтов',
          tr: 'Web sitesi bakımı',
          et: 'Veebilehtede hooldus',
          lt: 'Svetainių priežiūra',
        },
      },
    ],
  },
  {
    id: 103,
    slug: 'photo-and-video',
    title: {
      lv: 'Foto un video',
      en: 'Photo and video',
      ru: 'Фото и видео',
      tr: 'Fotoğraf ve video',
      et: 'Foto ja video',
      lt: 'Fotografija ir vaizdo įrašai',
    },
    children: [
      {
        id: 104,
        slug: 'photography',
        title: {
          lv: 'Fotografēšana',
          en: 'Photography',
          ru: 'Фотосъёмка',
          tr: 'Fotoğraf çekimi',
          et: 'Fotograafia',
          lt: 'Fotografavimas',
        },
      },
      {
        id: 105,
        slug: 'videography',
        title: {
          lv: 'Videofilmēšana',
          en: 'Videography',
          ru: 'Видеосъёмка',
          tr: 'Video çekimi',
          et: 'Videofilmimine',
          lt: 'Filmavimas',
        },
      },
      {
        id: 106,
        slug: 'photo-and-video-editing',
        title: {
          lv: 'Foto un video apstrāde',
          en: 'Photo and video editing',
          ru: 'Обработка фото и видео',
          tr: 'Fotoğraf ve video düzenleme',
          et: 'Foto- ja videotöötlus',
          lt: 'Nuotraukų ir vaizdo įrašų redagavimas',
        },
      },
    ],
  },
  {
    id: 111,
    slug: 'appliance-repair-and-installation',
    title: {
      lv: 'Sadzīves tehnikas remonts un uzstādīšana',
      en: 'Appliance repair and installation',
      ru: 'Ремонт и установка бытовой техники',
      tr: 'Beyaz eşya tamiri ve kurulumu',
      et: 'Kodumasinate remont ja paigaldus',
      lt: 'Buitinės technikos remontas ir montavimas',
    },
    children: [
      {
        id: 112,
        slug: 'washing-machine-repair',
        title: {
          lv: 'Veļas mašīnu remonts',
          en: 'Washing machine repair',
          ru: 'Ремонт стиральных машин',
          tr: 'Çamaşır makinesi tamiri',
          et: 'Pesumasinate remont',
          lt: 'Skalbimo mašinų remontas',
        },
      },
      {
        id: 113,
        slug: 'refrigerator-repair',
        title: {
          lv: 'Ledusskapju remonts',
          en: 'Refrigerator repair',
          ru: 'Ремонт холодильников',
          tr: 'Buzdolabı tamiri',
          et: 'Külmikute remont',
          lt: 'Šaldytuvų remontas',
        },
      },
      {
        id: 114,
        slug: 'appliance-installation',
        title: {
          lv: 'Tehnikas uzstādīšana',
          en: 'Appliance installation',
          ru: 'Установка техники',
          tr: 'Cihaz kurulumu',
          et: 'Kodumasinate paigaldus',
          lt: 'Technikos montavimas',
        },
      },
    ],
  },
  {
    id: 130,
    slug: 'beauty-and-health',
    title: {
      lv: 'Skaistums un veselība',
      en: 'Beauty and health',
      ru: 'Красота и здоровье',
      tr: 'Güzellik ve sağlık',
      et: 'Ilu ja tervis',
      lt: 'Grožis ir sveikata',
    },
    children: [
      {
        id: 131,
        slug: 'hairdressing',
        title: {
          lv: 'Frizieru pakalpojumi',
          en: 'Hairdressing',
          ru: 'Парикмахерские услуги',
          tr: 'Kuaförlük',
          et: 'Juuksuriteenused',
          lt: 'Kirpėjų paslaugos',
        },
      },
      {
        id: 132,
        slug: 'manicure-and-pedicure',
        title: {
          lv: 'Manikīrs un pedikīrs',
          en: 'Manicure and pedicure',
          ru: 'Маникюр и педикюр',
          tr: 'Manikür ve pedikür',
          et: 'Maniküür ja pediküür',
          lt: 'Manikiūras ir pedikiūras',
        },
      },
      {
        id: 133,
        slug: 'massage',
        title: {
          lv: 'Masāža',
          en: 'Massage',
          ru: 'Массаж',
          tr: 'Masaj',
          et: 'Massaaž',
          lt: 'Masažas',
        },
      },
      {
        id: 134,
        slug: 'make-up',
        title: {
          lv: 'Grims',
          en: 'Make-up',
          ru: 'Макияж',
          tr: 'Makyaj',
          et: 'Meik',
          lt: 'Makiažas',
        },
      },
    ],
  },
  {
    id: 138,
    slug: 'electronics-repair',
    title: {
      lv: 'Elektronikas remonts',
      en: 'Electronics repair',
      ru: 'Ремонт электроники',
      tr: 'Elektronik tamiri',
      et: 'Elektroonika remont',
      lt: 'Elektronikos remontas',
    },
    children: [
      {
        id: 139,
        slug: 'phone-and-tablet-repair',
        title: {
          lv: 'Telefonu un planšetdatoru remonts',
          en: 'Phone and tablet repair',
          ru: 'Ремонт телефонов и планшетов',
          tr: 'Telefon ve tablet tamiri',
          et: 'Telefonide ja tahvelarvutite remont',
          lt: 'Telefonų ir planšečių remontas',
        },
      },
      {
        id: 140,
        slug: 'computer-and-laptop-repair',
        title: {
          lv: 'Datoru un klēpjdatoru remonts',
          en: 'Computer and laptop repair',
          ru: 'Ремонт компьютеров и ноутбуков',
          tr: 'Bilgisayar ve dizüstü bilgisayar tamiri',
          et: 'Arvutite ja sülearvutite remont',
          lt: 'Kompiuterių ir nešiojamųjų kompiuterių remontas',
        },
      },
      {
        id: 141,
        slug: 'tv-and-audio-repair',
        title: {
          lv: 'Televizoru un audiotehnikas remonts',
          en: 'TV and audio repair',
          ru: 'Ремонт телевизоров и аудиотехники',
          tr: 'Televizyon ve ses sistemi tamiri',
          et: 'Telerite ja helitehnika remont',
          lt: 'Televizorių ir garso technikos remontas',
        },
      },
    ],
  },
  {
    id: 149,
    slug: 'legal-counselling',
    title: {
      lv: 'Juridiskās konsultācijas',
      en: 'Legal counselling',
      ru: 'Юридические консультации',
      tr: 'Hukuki danışmanlık',
      et: 'Õigusnõustamine',
      lt: 'Teisinės konsultacijos',
    },
    children: [
      {
        id: 150,
        slug: 'contracts-and-documents',
        title: {
          lv: 'Līgumi un dokumenti',
          en: 'Contracts and documents',
          ru: 'Договоры и документы',
          tr: 'Sözleşmeler ve belgeler',
          et: 'Lepingud ja dokumendid',
          lt: 'Sutartys ir dokumentai',
        },
      },
      {
        id: 151,
        slug: 'family-law',
        title: {
          lv: 'Ģimenes tiesības',
          en: 'Family law',
          ru: 'Семейное право',
          tr: 'Aile hukuku',
          et: 'Perekonnaõigus',
          lt: 'Šeimos teisė',
        },
      },
      {
        id: 152,
        slug: 'real-estate-law',
        title: {
          lv: 'Nekustamā īpašuma tiesības',
          en: 'Real estate law',
          ru: 'Вопросы недвижимости',
          tr: 'Gayrimenkul hukuku',
          et: 'Kinnisvaraõigus',
          lt: 'Nekilnojamojo turto teisė',
        },
      },
      {
        id: 153,
        slug: 'business-law',
        title: {
          lv: 'Komerctiesības',
          en: 'Business law',
          ru: 'Корпоративное право',
          tr: 'Ticaret hukuku',
          et: 'Äriõigus',
          lt: 'Verslo teisė',
        },
      },
    ],
  },
  {
    id: 155,
    slug: 'teaching-and-coaching',
    title: {
      lv: 'Mācības un treniņi',
      en: 'Teaching and coaching',
      ru: 'Обучение и тренировки',
      tr: 'Eğitim ve koçluk',
      et: 'Õpetamine ja juhendamine',
      lt: 'Mokymai ir treniruotės',
    },
    children: [
      {
        id: 156,
        slug: 'language-lessons',
        title: {
          lv: 'Valodu stundas',
          en: 'Language lessons',
          ru: 'Уроки иностранных языков',
          tr: 'Dil dersleri',
          et: 'Keeletunnid',
          lt: 'Kalbų pamokos',
        },
      },
      {
        id: 157,
        slug: 'school-tutoring',
        title: {
          lv: 'Mācību priekšmetu privātstundas',
          en: 'School tutoring',
          ru: 'Репетиторство по школьным предметам',
          tr: 'Okul derslerine özel ders',
          et: 'Koolitundide järeleaitamine',
          lt: 'Mokyklinių dalykų korepetavimas',
        },
      },
      {
        id: 158,
        slug: 'music-lessons',
        title: {
          lv: 'Mūzikas stundas',
          en: 'Music lessons',
          ru: 'Уроки музыки',
          tr: 'Müzik dersleri',
          et: 'Muusikatunnid',
          lt: 'Muzikos pamokos',
        },
      },
      {
        id: 159,
        slug: 'personal-training',
        title: {
          lv: 'Personīgie treniņi',
          en: 'Personal training',
          ru: 'Персональные тренировки',
          tr: 'Kişisel antrenörlük',
          et: 'Personaaltreening',
          lt: 'Asmeninės treniruotės',
        },
      },
    ],
  },
  {
    id: 175,
    slug: 'car-repair',
    title: {
      lv: 'Auto remonts',
      en: 'Car repair',
      ru: 'Ремонт автомобилей',
      tr: 'Araç tamiri',
      et: 'Autoremont',
      lt: 'Automobilių remontas',
    },
    children: [
      {
        id: 176,
        slug: 'car-diagnostics',
        title: {
          lv: 'Auto diagnostika',
          en: 'Car diagnostics',
          ru: 'Диагностика автомобиля',
          tr: 'Araç arıza tespiti',
          et: 'Auto diagnostika',
          lt: 'Automobilio diagnostika',
        },
      },
      {
        id: 177,
        slug: 'tyre-fitting',
        title: {
          lv: 'Riepu maiņa',
          en: 'Tyre fitting',
          ru: 'Шиномонтаж',
          tr: 'Lastik değişimi',
          et: 'Rehvivahetus',
          lt: 'Padangų montavimas',
        },
      },
      {
        id: 178,
        slug: 'bodywork-and-painting',
        title: {
          lv: 'Virsbūves remonts un krāsošana',
          en: 'Bodywork and painting',
          ru: 'Кузовной ремонт и покраска',
          tr: 'Kaporta ve boya',
          et: 'Kere- ja värvitööd',
          lt: 'Kėbulo remontas ir dažymas',
        },
      },
      {
        id: 179,
        slug: 'car-maintenance',
        title: {
          lv: 'Auto apkope',
          en: 'Car maintenance',
          ru: 'Техническое обслуживание автомобиля',
          tr: 'Araç bakımı',
          et: 'Auto hooldus',
          lt: 'Automobilio techninė priežiūra',
        },
      },
    ],
  },
];

/** Flat list, parents before their children (the order the upsert needs). */
export const CATEGORIES: readonly CategorySeed[] = [
  ...TREE.map((top, i) => ({
    id: top.id,
    parentId: null,
    slug: top.slug,
    position: i + 1,
    title: top.title,
  })),
  ...TREE.flatMap((top) =>
    top.children.map((child, j) => ({
      id: child.id,
      parentId: top.id,
      slug: child.slug,
      position: j + 1,
      title: child.title,
    })),
  ),
];

export const categoryById = (id: number): CategorySeed => {
  const found = CATEGORIES.find((c) => c.id === id);
  if (!found) throw new Error(`unknown seed category ${id}`);
  return found;
};

/** The top-level ancestor of a category (itself when it is top-level). */
export const topCategoryOf = (id: number): CategorySeed => {
  const cat = categoryById(id);
  return cat.parentId === null ? cat : categoryById(cat.parentId);
};
