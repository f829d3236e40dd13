/**
 * The demo catalogue's content in the buyers' languages (issue 43): each product's name,
 * description, key features and nutrient content, by English product name (like DEMO_TRADE; entry i
 * of a list translates English entry i). The specifications come from DEMO_TRADE; seed.ts stores
 * both in one product_translations row per product and language.
 */
import type { ContentLanguage, ProductTranslation } from '@agro/shared';

/** A product's translated content; its specifications are DEMO_TRADE's. */
export type DemoTranslation = Omit<ProductTranslation, 'specifications'>;

export const DEMO_TRANSLATIONS: Record<string, Record<ContentLanguage, DemoTranslation>> = {
  'Natural Jaggery Blocks': {
    ar: {
      productName: 'قوالب سكر الجاغري الطبيعي',
      productDescription:
        'جاغري خالٍ من المواد الكيميائية يُصنع بالطريقة التقليدية في كولهابور: يُغلى عصير قصب السكر الطازج ببطء في أوعية حديدية مكشوفة، ويُصفّى بمستخلصات نباتية طبيعية (بلا كبريت ولا هيدروسلفيت) ثم يُصبّ في قوالب. والنتيجة قالب بني ذهبي سهل التفتيت بمذاق كراميل عميق، يحتفظ بالدبس والمعادن التي يفقدها السكر المكرر.',
      keyFeatures: [
        'مصنوع من قصب سكر كولهابور بالغلي في أوعية مكشوفة',
        'بلا كبريت ولا مواد تبييض ولا مواد حافظة',
        'لون بني ذهبي غني ونكهة كراميل',
        'رطوبة أقل من 6% لمدة صلاحية طويلة ومستقرة',
        'معبّأ في بطانات صالحة للأغذية داخل كراتين التصدير',
      ],
      nutrientContent: [
        'الحديد: نحو 11 ملغ لكل 100 غ',
        'الكالسيوم: نحو 80 ملغ لكل 100 غ',
        'المغنيسيوم: نحو 70 ملغ لكل 100 غ',
        'البوتاسيوم: نحو 450 ملغ لكل 100 غ',
        'الطاقة: نحو 380 كيلو كالوري لكل 100 غ',
      ],
    },
    es: {
      productName: 'Bloques de jaggery natural',
      productDescription:
        'Jaggery sin productos químicos elaborado de forma tradicional en Kolhapur: el jugo fresco de caña de azúcar se cuece lentamente en pailas de hierro abiertas, se clarifica con extractos vegetales naturales (sin azufre ni hidrosulfito) y se cuaja en bloques. El resultado es un bloque marrón dorado y desmenuzable, de intenso sabor a caramelo, que conserva la melaza y los minerales que pierde el azúcar refinado.',
      keyFeatures: [
        'Elaborado con caña de Kolhapur, cocida en pailas abiertas',
        'Sin azufre, blanqueantes ni conservantes',
        'Intenso color marrón dorado y sabor a caramelo',
        'Humedad inferior al 6 % para una vida útil larga y estable',
        'Envasado en bolsas interiores aptas para alimentos, dentro de cajas de exportación',
      ],
      nutrientContent: [
        'Hierro: unos 11 mg por 100 g',
        'Calcio: unos 80 mg por 100 g',
        'Magnesio: unos 70 mg por 100 g',
        'Potasio: unos 450 mg por 100 g',
        'Energía: unas 380 kcal por 100 g',
      ],
    },
    fr: {
      productName: 'Blocs de jaggery naturel',
      productDescription:
        'Un jaggery sans produits chimiques, fabriqué selon la méthode traditionnelle à Kolhapur : le jus de canne à sucre frais cuit lentement dans des bassines en fer ouvertes, est clarifié avec des extraits végétaux naturels (sans soufre ni hydrosulfite), puis moulé en blocs. Le résultat : un bloc brun doré et friable, au goût de caramel profond, qui conserve la mélasse et les minéraux que perd le sucre raffiné.',
      keyFeatures: [
        'Issu de la canne de Kolhapur, cuite en bassines ouvertes',
        'Sans soufre, agents de blanchiment ni conservateurs',
        'Belle couleur brun doré et saveur de caramel',
        'Humidité inférieure à 6 % pour une conservation longue et stable',
        "Conditionné en sacs intérieurs de qualité alimentaire, dans des cartons d'exportation",
      ],
      nutrientContent: [
        'Fer : environ 11 mg pour 100 g',
        'Calcium : environ 80 mg pour 100 g',
        'Magnésium : environ 70 mg pour 100 g',
        'Potassium : environ 450 mg pour 100 g',
        'Énergie : environ 380 kcal pour 100 g',
      ],
    },
    de: {
      productName: 'Naturbelassener Jaggery in Blöcken',
      productDescription:
        'Jaggery ohne Chemikalien, traditionell in Kolhapur hergestellt: Frischer Zuckerrohrsaft wird in offenen Eisenpfannen langsam eingekocht, mit natürlichen Pflanzenextrakten geklärt (ohne Schwefel und Hydrosulfit) und zu Blöcken gegossen. Das Ergebnis ist ein goldbrauner, mürber Block mit kräftigem Karamellgeschmack, der die Melasse und die Mineralstoffe behält, die raffinierter Zucker verliert.',
      keyFeatures: [
        'Aus Kolhapur-Zuckerrohr, in offenen Pfannen eingekocht',
        'Ohne Schwefel, Bleichmittel oder Konservierungsstoffe',
        'Kräftige goldbraune Farbe und Karamellaroma',
        'Feuchtigkeit unter 6 % für eine lange, stabile Haltbarkeit',
        'In lebensmittelechten Innenbeuteln in Exportkartons verpackt',
      ],
      nutrientContent: [
        'Eisen: etwa 11 mg pro 100 g',
        'Calcium: etwa 80 mg pro 100 g',
        'Magnesium: etwa 70 mg pro 100 g',
        'Kalium: etwa 450 mg pro 100 g',
        'Energie: etwa 380 kcal pro 100 g',
      ],
    },
  },
  'Organic Jaggery Powder': {
    ar: {
      productName: 'مسحوق سكر الجاغري العضوي',
      productDescription:
        'سكر الجاغري الذي نصنعه، مجفَّفًا ومطحونًا إلى مسحوق ناعم سهل الانسياب يذوب بسرعة ويُكال كالسكر. يُنخَل ويُعبّأ في أكياس مانعة للرطوبة فلا يتكتّل طوال الرحلات البحرية الطويلة، وهو بديل بسيط للسكر المكرر بالمقدار نفسه في المطابخ والمصانع.',
      keyFeatures: [
        'حبيبات ناعمة متجانسة تذوب بسرعة',
        'رطوبة منخفضة، ينساب بسهولة ويسهل قياسه',
        'فوائد قوالب الجاغري نفسها، دون تكرير',
        'متوفر في عبوات تجزئة سعة 500 غ و1 كغ أو في أكياس سائبة سعة 25 كغ',
      ],
      nutrientContent: [
        'الحديد: نحو 10 ملغ لكل 100 غ',
        'الكالسيوم: نحو 75 ملغ لكل 100 غ',
        'المغنيسيوم: نحو 65 ملغ لكل 100 غ',
        'البوتاسيوم: نحو 420 ملغ لكل 100 غ',
        'السكروز: 70-80%',
      ],
    },
    es: {
      productName: 'Jaggery orgánico en polvo',
      productDescription:
        'Nuestro jaggery, secado y molido hasta obtener un polvo fino y suelto que se disuelve rápido y se dosifica como el azúcar. Tamizado y envasado en bolsas a prueba de humedad para que siga suelto durante largas travesías marítimas: sustituye al azúcar refinado en la misma proporción, tanto en cocinas como en fábricas.',
      keyFeatures: [
        'Gránulos finos y uniformes que se disuelven rápido',
        'Baja humedad, fluido y fácil de dosificar',
        'Las mismas virtudes sin refinar que nuestros bloques de jaggery',
        'Disponible en envases minoristas de 500 g y 1 kg o en sacos a granel de 25 kg',
      ],
      nutrientContent: [
        'Hierro: unos 10 mg por 100 g',
        'Calcio: unos 75 mg por 100 g',
        'Magnesio: unos 65 mg por 100 g',
        'Potasio: unos 420 mg por 100 g',
        'Sacarosa: 70-80 %',
      ],
    },
    fr: {
      productName: 'Jaggery bio en poudre',
      productDescription:
        "Notre jaggery, séché et broyé en une poudre fine et fluide qui se dissout rapidement et se dose comme le sucre. Tamisé et conditionné en sacs étanches à l'humidité pour rester fluide pendant les longues traversées maritimes, il remplace tout simplement le sucre raffiné à poids égal, en cuisine comme en usine.",
      keyFeatures: [
        'Granules fins et réguliers qui se dissolvent rapidement',
        'Faible humidité, fluide et facile à doser',
        'Les mêmes qualités non raffinées que nos blocs de jaggery',
        'Disponible en sachets de détail de 500 g et 1 kg ou en sacs vrac de 25 kg',
      ],
      nutrientContent: [
        'Fer : environ 10 mg pour 100 g',
        'Calcium : environ 75 mg pour 100 g',
        'Magnésium : environ 65 mg pour 100 g',
        'Potassium : environ 420 mg pour 100 g',
        'Saccharose : 70-80 %',
      ],
    },
    de: {
      productName: 'Bio-Jaggery-Pulver',
      productDescription:
        'Unser Jaggery, getrocknet und zu einem feinen, rieselfähigen Pulver vermahlen, das sich schnell auflöst und wie Zucker dosieren lässt. Gesiebt und in feuchtigkeitsdichte Beutel verpackt, damit es auch auf langen Seetransporten rieselfähig bleibt: ein einfacher Ersatz für raffinierten Zucker im Verhältnis 1:1, in der Küche wie in der Fabrik.',
      keyFeatures: [
        'Feine, gleichmäßige Körnung, die sich schnell auflöst',
        'Geringe Feuchtigkeit, rieselfähig und leicht zu dosieren',
        'Dieselben unraffinierten Vorzüge wie unsere Jaggery-Blöcke',
        'Erhältlich in Einzelhandelspackungen zu 500 g und 1 kg oder in Großsäcken zu 25 kg',
      ],
      nutrientContent: [
        'Eisen: etwa 10 mg pro 100 g',
        'Calcium: etwa 75 mg pro 100 g',
        'Magnesium: etwa 65 mg pro 100 g',
        'Kalium: etwa 420 mg pro 100 g',
        'Saccharose: 70-80 %',
      ],
    },
  },
  'Crispy Fried Onions': {
    ar: {
      productName: 'بصل مقلي مقرمش',
      productDescription:
        'بصل أحمر طازج من ماهاراشترا، يُقطَّع شرائح متساوية ويُقلى في زيت نباتي مكرر حتى يصبح ذهبيًا مقرمشًا، ثم يُزال عنه الزيت الزائد ويُعبّأ في أكياس معبّأة بالنيتروجين ليحتفظ بقرمشته. جاهز للاستخدام: لا حاجة إلى تقشير أو تقطيع أو قلي في مطبخك أو على خط إنتاجك.',
      keyFeatures: [
        'لون ذهبي متجانس وقرمشة تدوم',
        'مقلي في زيت نباتي مكرر، بلا ألوان صناعية',
        'التعبئة بالنيتروجين تحافظ على طزاجته',
        'يوفّر وقت التحضير في المطابخ التجارية',
      ],
      nutrientContent: [
        'الطاقة: نحو 590 كيلو كالوري لكل 100 غ',
        'الدهون: نحو 44 غ لكل 100 غ',
        'الكربوهيدرات: نحو 40 غ لكل 100 غ',
        'الألياف الغذائية: نحو 5 غ لكل 100 غ',
        'البروتين: نحو 6 غ لكل 100 غ',
      ],
    },
    es: {
      productName: 'Cebolla frita crujiente',
      productDescription:
        'Cebolla roja fresca de Maharashtra, cortada en rodajas uniformes y frita en aceite vegetal refinado hasta quedar dorada y crujiente; después se desgrasa y se envasa en bolsas con atmósfera de nitrógeno para que conserve su textura crujiente. Lista para usar: sin pelar, cortar ni freír en su cocina o en su línea de producción.',
      keyFeatures: [
        'Color dorado uniforme y textura crujiente duradera',
        'Frita en aceite vegetal refinado, sin colorantes artificiales',
        'El envasado con nitrógeno la mantiene fresca',
        'Ahorra tiempo de preparación en cocinas profesionales',
      ],
      nutrientContent: [
        'Energía: unas 590 kcal por 100 g',
        'Grasas: unos 44 g por 100 g',
        'Hidratos de carbono: unos 40 g por 100 g',
        'Fibra alimentaria: unos 5 g por 100 g',
        'Proteínas: unos 6 g por 100 g',
      ],
    },
    fr: {
      productName: 'Oignons frits croustillants',
      productDescription:
        "Des oignons rouges frais du Maharashtra, émincés régulièrement et frits dans une huile végétale raffinée jusqu'à ce qu'ils soient dorés et croustillants, puis déshuilés et conditionnés sous azote pour rester croquants. Prêts à l'emploi : ni épluchage, ni découpe, ni friture dans votre cuisine ou sur votre ligne de production.",
      keyFeatures: [
        'Couleur dorée uniforme et croustillant durable',
        'Frits dans une huile végétale raffinée, sans colorant artificiel',
        'Le conditionnement sous azote préserve leur fraîcheur',
        'Font gagner du temps de préparation en cuisine professionnelle',
      ],
      nutrientContent: [
        'Énergie : environ 590 kcal pour 100 g',
        'Matières grasses : environ 44 g pour 100 g',
        'Glucides : environ 40 g pour 100 g',
        'Fibres alimentaires : environ 5 g pour 100 g',
        'Protéines : environ 6 g pour 100 g',
      ],
    },
    de: {
      productName: 'Knusprige Röstzwiebeln',
      productDescription:
        'Frische rote Zwiebeln aus Maharashtra, gleichmäßig in Scheiben geschnitten und in raffiniertem Pflanzenöl goldbraun und knusprig frittiert, anschließend entölt und in stickstoffgespülte Beutel verpackt, damit sie knusprig bleiben. Gebrauchsfertig: kein Schälen, Schneiden oder Frittieren in Ihrer Küche oder an Ihrer Produktionslinie.',
      keyFeatures: [
        'Gleichmäßig goldene Farbe und lang anhaltende Knusprigkeit',
        'In raffiniertem Pflanzenöl frittiert, ohne künstliche Farbstoffe',
        'Stickstoffgespülte Verpackung hält sie frisch',
        'Spart Vorbereitungszeit in Großküchen',
      ],
      nutrientContent: [
        'Energie: etwa 590 kcal pro 100 g',
        'Fett: etwa 44 g pro 100 g',
        'Kohlenhydrate: etwa 40 g pro 100 g',
        'Ballaststoffe: etwa 5 g pro 100 g',
        'Eiweiß: etwa 6 g pro 100 g',
      ],
    },
  },
  'Handcrafted Coir Doormats': {
    ar: {
      productName: 'دواسات أبواب من ألياف جوز الهند مصنوعة يدويًا',
      productDescription:
        'دواسات أبواب متينة ينسجها يدويًا حرفيون في الأرياف من ألياف جوز الهند الطبيعية. تزيل أليافها الخشنة المصففة الأوساخ عن الأحذية وتجف بسرعة، وتثبت الأنواع ذات القاعدة المصنوعة من PVC في مكانها على الأرضيات الملساء. تتوفر سادة أو بنقوش منسوجة بسيطة، وبمقاسات حسب الطلب لمشتري التجزئة وقطاع الضيافة.',
      keyFeatures: [
        'ألياف جوز هند طبيعية 100%، قابلة للتحلل الحيوي',
        'منسوجة يدويًا في تجمعات الحرفيين في الهند',
        'ألياف مصففة متينة تحبس الأوساخ والرطوبة',
        'متوفرة سادة أو منقوشة وبمقاسات حسب الطلب',
      ],
      nutrientContent: [],
    },
    es: {
      productName: 'Felpudos artesanales de fibra de coco',
      productDescription:
        'Felpudos resistentes tejidos a mano por artesanos rurales con fibra natural de coco. Sus fibras rígidas y cepilladas retiran la suciedad del calzado y se secan rápido; las versiones con base de PVC no se desplazan sobre suelos lisos. Disponibles lisos o con sencillos motivos tejidos, y en tamaños personalizados para compradores del comercio minorista y la hostelería.',
      keyFeatures: [
        'Fibra de coco 100 % natural y biodegradable',
        'Tejidos a mano por comunidades artesanas de la India',
        'Fibras cepilladas resistentes que atrapan la suciedad y la humedad',
        'Disponibles lisos, con motivos y en tamaños personalizados',
      ],
      nutrientContent: [],
    },
    fr: {
      productName: 'Paillassons en fibre de coco faits main',
      productDescription:
        "Des paillassons robustes tissés à la main en fibre de coco naturelle par des artisans ruraux. Leurs fibres brossées et rigides débarrassent les chaussures de la saleté et sèchent vite ; les modèles à dos en PVC restent bien en place sur les sols lisses. Disponibles unis ou avec de simples motifs tissés, et en dimensions sur mesure pour les acheteurs de la distribution et de l'hôtellerie.",
      keyFeatures: [
        'Fibre de coco 100 % naturelle et biodégradable',
        "Tissés à la main par des groupements d'artisans en Inde",
        "Fibres brossées résistantes qui retiennent la saleté et l'humidité",
        'Unis, à motifs ou en dimensions sur mesure',
      ],
      nutrientContent: [],
    },
    de: {
      productName: 'Handgefertigte Kokos-Fußmatten',
      productDescription:
        'Strapazierfähige Fußmatten, von Kunsthandwerkern auf dem Land aus natürlicher Kokosfaser handgewebt. Die steifen, gebürsteten Fasern streifen Schmutz von den Schuhen und trocknen schnell; Ausführungen mit PVC-Rücken liegen rutschfest auf glatten Böden. Erhältlich einfarbig oder mit schlichten eingewebten Mustern sowie in Sondergrößen für Einzelhandel und Hotellerie.',
      keyFeatures: [
        '100 % natürliche Kokosfaser, biologisch abbaubar',
        'Von Kunsthandwerker-Gemeinschaften in Indien handgewebt',
        'Robuste, gebürstete Fasern, die Schmutz und Nässe aufnehmen',
        'Einfarbig, gemustert und in Sondergrößen erhältlich',
      ],
      nutrientContent: [],
    },
  },
  'Cotton Jute Bags': {
    ar: {
      productName: 'حقائب من الجوت والقطن',
      productDescription:
        'حقائب تسوّق وحقائب ترويجية قابلة لإعادة الاستخدام، مصنوعة من الجوت الممزوج بالقطن الناعم، بمقابض مخيطة وبطانة داخلية مغلّفة اختيارية. متينة بما يكفي لمشتريات البقالة اليومية، ويمكن طباعة شعارك عليها، وهي بديل طبيعي لأكياس البلاستيك.',
      keyFeatures: [
        'مزيج من الجوت والقطن: متين وناعم الملمس',
        'مقابض مخيطة مقوّاة للأحمال الثقيلة',
        'طباعة الشعارات والعلامات الخاصة بالشاشة الحريرية',
        'بديل للبلاستيك قابل لإعادة الاستخدام والتحلل الحيوي',
      ],
      nutrientContent: [],
    },
    es: {
      productName: 'Bolsas de yute y algodón',
      productDescription:
        'Bolsas reutilizables para la compra y para promociones, de yute mezclado con algodón suave, con asas cosidas y forro interior laminado opcional. Lo bastante resistentes para la compra diaria, personalizables con su logotipo y una alternativa natural a las bolsas de plástico.',
      keyFeatures: [
        'Mezcla de yute y algodón: resistente y suave al tacto',
        'Asas cosidas y reforzadas para cargas pesadas',
        'Serigrafía de logotipos y marcas blancas',
        'Alternativa reutilizable y biodegradable al plástico',
      ],
      nutrientContent: [],
    },
    fr: {
      productName: 'Sacs en jute et coton',
      productDescription:
        'Des sacs de courses et promotionnels réutilisables, en jute mélangé à du coton doux, avec anses cousues et doublure intérieure plastifiée en option. Assez solides pour les courses du quotidien, personnalisables avec votre logo, ils sont une alternative naturelle aux sacs en plastique.',
      keyFeatures: [
        'Mélange jute et coton : solide et doux au toucher',
        'Anses cousues renforcées pour les charges lourdes',
        'Sérigraphie de logos et de marques de distributeur',
        'Alternative au plastique réutilisable et biodégradable',
      ],
      nutrientContent: [],
    },
    de: {
      productName: 'Jute-Baumwoll-Taschen',
      productDescription:
        'Wiederverwendbare Einkaufs- und Werbetaschen aus Jute mit weicher Baumwolle, mit vernähten Henkeln und optionalem laminiertem Innenfutter. Stabil genug für den täglichen Einkauf, mit Ihrem Logo bedruckbar und eine natürliche Alternative zu Plastiktüten.',
      keyFeatures: [
        'Jute-Baumwoll-Mischung: robust und weich im Griff',
        'Verstärkte, vernähte Henkel für schwere Lasten',
        'Siebdruck von Logos und Eigenmarken',
        'Wiederverwendbare, biologisch abbaubare Alternative zu Plastik',
      ],
      nutrientContent: [],
    },
  },
};
